/** Desktop versus mobile browser detection (docs/product.md#client-types: selects the mobile client type). */
const MOBILE_UA = /Android|iPhone|iPod|iPad|Mobile|Windows Phone|HarmonyOS|OpenHarmony|BlackBerry|Opera Mini/i;

export function isMobileUserAgent(userAgent: string = navigator.userAgent): boolean {
  return MOBILE_UA.test(userAgent);
}
