import * as ws from 'ws';

interface FrameOptions {
  fin: boolean;
  opcode: number;
  mask: boolean;
  readOnly: boolean;
  rsv1: boolean;
}
// ws exports its Sender (ESM wrapper) but @types/ws does not declare it.
const { Sender } = ws as unknown as { Sender: { frame(data: Buffer, options: FrameOptions): Buffer[] } };

/**
 * A whole, unmasked WebSocket text frame around `payload`, framed by ws's own Sender. A
 * server's frames are not masked, so the frame of one message is the same bytes for every
 * subscriber: it is built once per publish and written to each socket as is.
 */
export function textFrame(payload: Buffer): Buffer {
  const parts = Sender.frame(payload, { fin: true, opcode: 1, mask: false, readOnly: true, rsv1: false });
  return parts.length === 1 ? parts[0]! : Buffer.concat(parts);
}
