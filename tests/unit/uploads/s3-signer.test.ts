import { S3Client } from "@aws-sdk/client-s3";
import { describe, expect, it } from "vitest";
import { s3UploadSigner } from "../../../functions/adapters/uploads/s3-signer.ts";
import { photoUploadRefusal } from "../../../functions/domain/photos.ts";

describe("the S3 presigned POST", () => {
  it("signs a policy that fixes the key, the content type and the size range", async () => {
    const client = new S3Client({
      region: "eu-west-1",
      credentials: { accessKeyId: "AKIDEXAMPLE", secretAccessKey: "secret" },
    });
    const form = await s3UploadSigner("photos-bucket", client).sign({
      key: "media/uploads/abc.webp",
      contentType: "image/webp",
      maxBytes: 5 * 1024 * 1024,
      expiresInSeconds: 600,
    });
    expect(form.url).toContain("photos-bucket");
    expect(form.fields).toMatchObject({ key: "media/uploads/abc.webp", "Content-Type": "image/webp" });
    const policy = JSON.parse(Buffer.from(form.fields.Policy!, "base64").toString("utf8")) as {
      conditions: unknown[];
    };
    expect(policy.conditions).toEqual(
      expect.arrayContaining([
        ["content-length-range", 1, 5 * 1024 * 1024],
        ["eq", "$Content-Type", "image/webp"],
        { key: "media/uploads/abc.webp" },
        { bucket: "photos-bucket" },
      ]),
    );
  });
});

describe("who may upload photos", () => {
  it("admins and approved sellers; not buyers, pending or rejected sellers", () => {
    expect(photoUploadRefusal("admin", null)).toBeNull();
    expect(photoUploadRefusal("seller", "approved")).toBeNull();
    expect(photoUploadRefusal("seller", "pending")).toMatch(/approved/);
    expect(photoUploadRefusal("seller", "rejected")).toMatch(/approved/);
    expect(photoUploadRefusal("seller", null)).toMatch(/approved/);
    expect(photoUploadRefusal("buyer", null)).toMatch(/Only sellers and admins/);
  });
});
