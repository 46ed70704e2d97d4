const loading = new Map<string, Promise<void>>();

/**
 * Loads a classic script once, by a <script> element: what works from a file:// page as from a
 * static host (module scripts and import() are refused on file:// origins).
 */
export function loadScript(src: string): Promise<void> {
  let promise = loading.get(src);
  if (!promise) {
    promise = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = src;
      script.onload = () => resolve();
      script.onerror = () => {
        loading.delete(src);
        reject(new Error(`could not load ${src}`));
      };
      document.head.append(script);
    });
    loading.set(src, promise);
  }
  return promise;
}
