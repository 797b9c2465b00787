import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import onnxProto from 'onnx-proto';
import { TINY_WORDS } from './tiny-vocabulary.js';

const { onnx } = onnxProto;

/** Settings of a generated model. */
export interface TinyBertOptions {
  /** Width of every hidden state. Default 32. */
  hiddenSize?: number;
  /** Seed of the random weights; equal seeds give equal models. Default 1. */
  seed?: number;
}

const SPECIAL_TOKENS = ['[PAD]', '[UNK]', '[CLS]', '[SEP]', '[MASK]'] as const;
const MAX_POSITIONS = 128;
const INTERMEDIATE_SIZE = 64;

/** The WordPiece vocabulary: specials, single characters, `##` continuations, whole words. */
export function tinyVocabulary(): string[] {
  const characters = 'abcdefghijklmnopqrstuvwxyz0123456789'.split('');
  const punctuation = '.,:;!?-_/()[]{}\'"@#$%&*+=<>'.split('');
  const words = TINY_WORDS.split(/\s+/).filter((word) => word.length > 1);
  return [...new Set([...SPECIAL_TOKENS, ...characters, ...punctuation, ...characters.map((c) => `##${c}`), ...words])];
}

function createRandom(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 0x1_0000_0000 - 0.5;
  };
}

function floatTensor(name: string, dims: number[], fill: (index: number) => number) {
  const size = dims.reduce((product, dim) => product * dim, 1);
  const values = new Float32Array(size);
  for (let index = 0; index < size; index++) values[index] = fill(index);
  return onnx.TensorProto.create({
    name,
    dims,
    dataType: onnx.TensorProto.DataType.FLOAT,
    rawData: new Uint8Array(values.buffer),
  });
}

function int64Tensor(name: string, dims: number[], values: number[]) {
  return onnx.TensorProto.create({ name, dims, dataType: onnx.TensorProto.DataType.INT64, int64Data: values });
}

function node(opType: string, input: string[], output: string[], attribute: onnxProto.onnx.IAttributeProto[] = []) {
  return onnx.NodeProto.create({ opType, input, output, name: output[0] ?? opType, attribute });
}

function valueInfo(name: string, elementType: number, shape: (string | number)[]) {
  return onnx.ValueInfoProto.create({
    name,
    type: {
      tensorType: {
        elemType: elementType,
        shape: { dim: shape.map((dim) => (typeof dim === 'string' ? { dimParam: dim } : { dimValue: dim })) },
      },
    },
  });
}

/**
 * Serialises a BERT-shaped ONNX graph with random weights: word, position and
 * token-type embeddings, a layer norm, one residual feed-forward block and a
 * final layer norm, masked by `attention_mask`. Inputs `input_ids`,
 * `attention_mask`, `token_type_ids` (int64, batch × sequence); output
 * `last_hidden_state` (float, batch × sequence × hidden).
 */
export function createTinyBertOnnx(vocabularySize: number, options: TinyBertOptions = {}): Uint8Array {
  const hidden = options.hiddenSize ?? 32;
  const random = createRandom(options.seed ?? 1);
  const F = onnx.TensorProto.DataType.FLOAT;
  const I64 = onnx.TensorProto.DataType.INT64;
  const initializer = [
    floatTensor('word_embeddings', [vocabularySize, hidden], () => random() * 2),
    floatTensor('position_embeddings', [MAX_POSITIONS, hidden], () => random() * 0.2),
    floatTensor('token_type_embeddings', [2, hidden], () => random() * 0.2),
    floatTensor('ln1_scale', [hidden], () => 1),
    floatTensor('ln1_bias', [hidden], () => 0),
    floatTensor('ffn_in_weight', [hidden, INTERMEDIATE_SIZE], () => random() * 0.5),
    floatTensor('ffn_in_bias', [INTERMEDIATE_SIZE], () => random() * 0.1),
    floatTensor('ffn_out_weight', [INTERMEDIATE_SIZE, hidden], () => random() * 0.5),
    floatTensor('ffn_out_bias', [hidden], () => random() * 0.1),
    floatTensor('ln2_scale', [hidden], () => 1),
    floatTensor('ln2_bias', [hidden], () => 0),
    int64Tensor('zero', [], [0]),
    int64Tensor('one', [], [1]),
    int64Tensor('last_axis', [1], [-1]),
  ];
  const layerNorm = (input: string, scale: string, bias: string, output: string) =>
    node('LayerNormalization', [input, scale, bias], [output], [
      { name: 'axis', type: onnx.AttributeProto.AttributeType.INT, i: -1 },
      { name: 'epsilon', type: onnx.AttributeProto.AttributeType.FLOAT, f: 1e-12 },
    ]);
  const nodes = [
    node('Gather', ['word_embeddings', 'input_ids'], ['words']),
    node('Gather', ['token_type_embeddings', 'token_type_ids'], ['types']),
    node('Shape', ['input_ids'], ['input_shape']),
    node('Gather', ['input_shape', 'one'], ['sequence_length'], [{ name: 'axis', type: onnx.AttributeProto.AttributeType.INT, i: 0 }]),
    node('Range', ['zero', 'sequence_length', 'one'], ['position_ids']),
    node('Gather', ['position_embeddings', 'position_ids'], ['positions']),
    node('Add', ['words', 'types'], ['words_types']),
    node('Add', ['words_types', 'positions'], ['embedded']),
    layerNorm('embedded', 'ln1_scale', 'ln1_bias', 'normalised'),
    node('MatMul', ['normalised', 'ffn_in_weight'], ['ffn_in']),
    node('Add', ['ffn_in', 'ffn_in_bias'], ['ffn_in_biased']),
    node('Relu', ['ffn_in_biased'], ['ffn_activated']),
    node('MatMul', ['ffn_activated', 'ffn_out_weight'], ['ffn_out']),
    node('Add', ['ffn_out', 'ffn_out_bias'], ['ffn_out_biased']),
    node('Add', ['normalised', 'ffn_out_biased'], ['residual']),
    layerNorm('residual', 'ln2_scale', 'ln2_bias', 'encoded'),
    node('Cast', ['attention_mask'], ['mask_float'], [{ name: 'to', type: onnx.AttributeProto.AttributeType.INT, i: F }]),
    node('Unsqueeze', ['mask_float', 'last_axis'], ['mask_expanded']),
    node('Mul', ['encoded', 'mask_expanded'], ['last_hidden_state']),
  ];
  const model = onnx.ModelProto.create({
    irVersion: 8,
    producerName: 'loadout-tiny-bert',
    opsetImport: [{ domain: '', version: 17 }],
    graph: {
      name: 'tiny-bert',
      node: nodes,
      initializer,
      input: [
        valueInfo('input_ids', I64, ['batch', 'sequence']),
        valueInfo('attention_mask', I64, ['batch', 'sequence']),
        valueInfo('token_type_ids', I64, ['batch', 'sequence']),
      ],
      output: [valueInfo('last_hidden_state', F, ['batch', 'sequence', hidden])],
    },
  });
  return onnx.ModelProto.encode(model).finish();
}

/** A WordPiece `tokenizer.json` (lower-casing BERT normaliser, `[CLS] … [SEP]` template). */
export function createTinyTokenizerJson(vocabulary: readonly string[]): Record<string, unknown> {
  const vocab = Object.fromEntries(vocabulary.map((token, index) => [token, index]));
  const id = (token: string) => vocab[token] as number;
  return {
    version: '1.0',
    truncation: null,
    padding: null,
    added_tokens: SPECIAL_TOKENS.map((content) => ({
      id: id(content),
      content,
      single_word: false,
      lstrip: false,
      rstrip: false,
      normalized: false,
      special: true,
    })),
    normalizer: { type: 'BertNormalizer', clean_text: true, handle_chinese_chars: true, strip_accents: null, lowercase: true },
    pre_tokenizer: { type: 'BertPreTokenizer' },
    post_processor: {
      type: 'TemplateProcessing',
      single: [
        { SpecialToken: { id: '[CLS]', type_id: 0 } },
        { Sequence: { id: 'A', type_id: 0 } },
        { SpecialToken: { id: '[SEP]', type_id: 0 } },
      ],
      pair: [
        { SpecialToken: { id: '[CLS]', type_id: 0 } },
        { Sequence: { id: 'A', type_id: 0 } },
        { SpecialToken: { id: '[SEP]', type_id: 0 } },
        { Sequence: { id: 'B', type_id: 1 } },
        { SpecialToken: { id: '[SEP]', type_id: 1 } },
      ],
      special_tokens: {
        '[CLS]': { id: '[CLS]', ids: [id('[CLS]')], tokens: ['[CLS]'] },
        '[SEP]': { id: '[SEP]', ids: [id('[SEP]')], tokens: ['[SEP]'] },
      },
    },
    decoder: { type: 'WordPiece', prefix: '##', cleanup: true },
    model: {
      type: 'WordPiece',
      unk_token: '[UNK]',
      continuing_subword_prefix: '##',
      max_input_chars_per_word: 100,
      vocab,
    },
  };
}

/** Where {@link writeTinyBert} put the model. */
export interface TinyBertLocation {
  /** The directory holding `config.json`, the tokenizer files and `onnx/`. */
  readonly directory: string;
  readonly hiddenSize: number;
  readonly vocabularySize: number;
}

/**
 * Writes a complete local transformers.js model directory for a BERT-shaped
 * random model: `config.json`, `tokenizer.json`, `tokenizer_config.json`,
 * `onnx/model.onnx` and the same graph as `onnx/model_quantized.onnx` (so the
 * default `q8` dtype finds a file).
 */
export async function writeTinyBert(directory: string, options: TinyBertOptions = {}): Promise<TinyBertLocation> {
  const hiddenSize = options.hiddenSize ?? 32;
  const vocabulary = tinyVocabulary();
  const model = createTinyBertOnnx(vocabulary.length, { ...options, hiddenSize });
  await mkdir(join(directory, 'onnx'), { recursive: true });
  const config = {
    model_type: 'bert',
    architectures: ['BertModel'],
    hidden_size: hiddenSize,
    num_attention_heads: 2,
    num_hidden_layers: 1,
    intermediate_size: INTERMEDIATE_SIZE,
    vocab_size: vocabulary.length,
    max_position_embeddings: MAX_POSITIONS,
    type_vocab_size: 2,
  };
  const tokenizerConfig = {
    tokenizer_class: 'BertTokenizer',
    do_lower_case: true,
    model_max_length: MAX_POSITIONS,
    cls_token: '[CLS]',
    sep_token: '[SEP]',
    pad_token: '[PAD]',
    unk_token: '[UNK]',
    mask_token: '[MASK]',
  };
  await Promise.all([
    writeFile(join(directory, 'config.json'), JSON.stringify(config)),
    writeFile(join(directory, 'tokenizer.json'), JSON.stringify(createTinyTokenizerJson(vocabulary))),
    writeFile(join(directory, 'tokenizer_config.json'), JSON.stringify(tokenizerConfig)),
    writeFile(join(directory, 'onnx', 'model.onnx'), model),
    writeFile(join(directory, 'onnx', 'model_quantized.onnx'), model),
  ]);
  return { directory, hiddenSize, vocabularySize: vocabulary.length };
}
