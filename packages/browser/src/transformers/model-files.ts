/** The files transformers.js reads for a `feature-extraction` model, relative to its folder. */
export function modelFiles(dtype: 'q8' | 'fp32'): string[] {
  return ['config.json', 'tokenizer.json', 'tokenizer_config.json', `onnx/${dtype === 'q8' ? 'model_quantized' : 'model'}.onnx`];
}

async function discard(response: Response): Promise<void> {
  await response.body?.cancel().catch(() => undefined);
}

/**
 * Finds the first of `files` under `folder` that is not served as a model
 * file: a failed request, an HTTP error, an HTML page where a file was
 * expected (the fallback a dev server answers for a file it does not have),
 * or a JSON file that does not parse. Returns one sentence naming its URL,
 * or undefined when every file looks right. Bodies other than the JSON
 * files are not read.
 */
export async function findMissingModelFile(folder: string, files: readonly string[], fetchFile: (url: string) => Promise<Response>): Promise<string | undefined> {
  for (const file of files) {
    const url = `${folder}${file}`;
    let response: Response;
    try {
      response = await fetchFile(url);
    } catch (error) {
      return `${url} cannot be fetched (${String(error)})`;
    }
    const type = response.headers.get('content-type') ?? '';
    if (!response.ok) {
      await discard(response);
      return `${url} answered HTTP ${response.status}`;
    }
    if (/text\/html/i.test(type)) {
      await discard(response);
      return `${url} answered with an HTML page (content type ${type}), as a dev server does for a file it does not have`;
    }
    if (!file.endsWith('.json')) {
      await discard(response);
      continue;
    }
    const text = await response.text();
    if (/^\s*</.test(text)) return `${url} answered with an HTML page, as a dev server does for a file it does not have`;
    try {
      JSON.parse(text);
    } catch {
      return `${url} is not valid JSON`;
    }
  }
  return undefined;
}
