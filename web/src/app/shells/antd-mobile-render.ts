/**
 * antd-mobile 5 draws its imperative parts (Toast.show, Dialog.show, ImageViewer.show…) with
 * react-dom's legacy `render`, which React 19 no longer has: without this they draw nothing — a
 * Toast of the /h5 shell never showed. This gives them React 19's createRoot, as antd-mobile's
 * guide for React 19 (unstableSetRender) says; imported by the /h5 shell, the only part that
 * loads antd-mobile.
 */
import { unstableSetRender } from 'antd-mobile';
import { createRoot, type Root } from 'react-dom/client';

type Container = (Element | DocumentFragment) & { __acRoot?: Root };

unstableSetRender((node, container: Container) => {
  container.__acRoot ??= createRoot(container);
  const root = container.__acRoot;
  root.render(node);
  return async () => {
    // unmounting while React is rendering warns: let the current render finish first
    await new Promise((resolve) => setTimeout(resolve, 0));
    root.unmount();
    delete container.__acRoot;
  };
});
