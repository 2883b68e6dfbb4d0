// jsdom has no Web Worker. The media pickers start the console's hashing worker on mount; tests that
// never hash a file install this inert stand-in once for their file.
class InertWorker {
  onmessage: unknown = null;
  postMessage() {}
  addEventListener() {}
  removeEventListener() {}
  terminate() {}
}

/** Call at the top level of a spec file: a Worker that does nothing, unless the environment has one. */
export function installInertWorker(): void {
  beforeAll(() => {
    (globalThis as { Worker?: unknown }).Worker ??= InertWorker;
  });
}
