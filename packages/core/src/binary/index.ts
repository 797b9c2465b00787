export { fnv1aBytes } from './fnv1a-bytes.js';
export { FRAME_HEADER_BYTES, FRAME_TRAILER_BYTES, frameVersion, openFrame, sealFrame } from './checksum-frame.js';
export type { FrameFormat, OpenedFrame } from './checksum-frame.js';
