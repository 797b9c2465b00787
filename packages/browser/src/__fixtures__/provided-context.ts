/** What `vitest.browser.setup.ts` provides to the browser tests (read with `inject`). */
declare module 'vitest' {
  export interface ProvidedContext {
    /** `/@fs/` URL of a folder holding `local/tiny-bert/` (a random BERT written for the run), or '' when it could not be written. */
    tinyModelBaseUrl: string;
    /** `/@fs/` URL of onnxruntime-web's `dist/` (its WASM files), or '' when not installed. */
    ortWasmPaths: string;
  }
}

export {};
