/**
 * The SHA-256 and HMAC that @smithy/signature-v4 asks for, from node:crypto: the AWS SDK brings the
 * signer but not a hash package we could name as our own dependency.
 */
import { createHash, createHmac, type Hash, type Hmac } from "node:crypto";

type Data = string | ArrayBuffer | ArrayBufferView;

const bytes = (data: Data): Buffer | string =>
  typeof data === "string"
    ? data
    : ArrayBuffer.isView(data)
      ? Buffer.from(data.buffer, data.byteOffset, data.byteLength)
      : Buffer.from(data);

export class NodeSha256 {
  private hash: Hash | Hmac;
  constructor(private readonly secret?: Data) {
    this.hash = this.fresh();
  }
  private fresh(): Hash | Hmac {
    return this.secret === undefined ? createHash("sha256") : createHmac("sha256", bytes(this.secret));
  }
  update(data: Data): void {
    this.hash.update(bytes(data));
  }
  async digest(): Promise<Uint8Array> {
    return new Uint8Array(this.hash.digest());
  }
  reset(): void {
    this.hash = this.fresh();
  }
}
