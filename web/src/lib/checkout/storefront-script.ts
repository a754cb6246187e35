/**
 * FastSpring's Store Builder Library, loaded only when the member pays with the popup storefront
 * (docs/decisions/0053-popup-storefront.md): the `fsc-api` script with the storefront and access
 * key the pay call answered, its popup-closed callback, then the encrypted session
 * (`fastspring.builder.secure`) and the popup (`fastspring.builder.checkout`). The script is added
 * once per page; a second payment reuses it.
 */
import type { TStorefrontPopup } from '@ac/protocol/commerce';

/** What FastSpring hands the popup-closed callback: the order when one was completed, else null. */
export type StorefrontClosed = { id: string; reference: string } | null;

type Builder = { secure(payload: string, key: string): void; checkout(): void };
type StorefrontWindow = Window & {
  fastspring?: { builder: Builder };
  acStorefrontClosed?: (order: StorefrontClosed) => void;
};

const SCRIPT_ID = 'fsc-api';
const CALLBACK = 'acStorefrontClosed';

function loadScript(popup: TStorefrontPopup): Promise<Builder> {
  const w = window as StorefrontWindow;
  const present = document.getElementById(SCRIPT_ID) as HTMLScriptElement | null;
  if (present && w.fastspring && present.src === popup.scriptUrl) return Promise.resolve(w.fastspring.builder);
  present?.remove();
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.id = SCRIPT_ID;
    script.src = popup.scriptUrl;
    script.async = true;
    script.dataset.storefront = popup.storefront;
    script.dataset.accessKey = popup.accessKey;
    script.dataset.popupClosed = CALLBACK;
    script.onload = () => (w.fastspring ? resolve(w.fastspring.builder) : reject(new Error('no fastspring.builder')));
    script.onerror = () => reject(new Error(`could not load ${popup.scriptUrl}`));
    document.body.appendChild(script);
  });
}

/** Opens the popup storefront over the page; `onClosed` is called when the member closes it. */
export async function openStorefront(popup: TStorefrontPopup, onClosed: (order: StorefrontClosed) => void) {
  (window as StorefrontWindow).acStorefrontClosed = onClosed;
  const builder = await loadScript(popup);
  builder.secure(popup.securePayload, popup.secureKey);
  builder.checkout();
}
