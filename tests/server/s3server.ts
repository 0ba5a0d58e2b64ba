// A real S3-API server (s3rver) on a free loopback port for the tests of the S3 file store, with the AWS SDK
// environment a Keyflow process needs to reach it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { S3Client, ListObjectsV2Command } from '@aws-sdk/client-s3';

export interface TestBucket {
  bucket: string;
  /** AWS_* variables for the SDK (s3rver's fixed credentials) and KEYFLOW_S3_*. */
  env: Record<string, string>;
  /** The keys stored in the bucket now. */
  keys: () => Promise<string[]>;
  close: () => Promise<void>;
}

export async function startTestBucket(bucket = 'keyflow-files'): Promise<TestBucket> {
  const directory = mkdtempSync(path.join(tmpdir(), 'keyflow-s3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  const { port } = await server.run();
  const env = {
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
    AWS_REGION: 'us-east-1',
    AWS_ENDPOINT_URL_S3: `http://127.0.0.1:${port}`,
    KEYFLOW_S3_BUCKET: bucket,
    KEYFLOW_S3_FORCE_PATH_STYLE: 'true',
  };
  const client = new S3Client({
    region: env.AWS_REGION,
    endpoint: env.AWS_ENDPOINT_URL_S3,
    forcePathStyle: true,
    credentials: { accessKeyId: env.AWS_ACCESS_KEY_ID, secretAccessKey: env.AWS_SECRET_ACCESS_KEY },
  });
  return {
    bucket,
    env,
    keys: async () => ((await client.send(new ListObjectsV2Command({ Bucket: bucket }))).Contents ?? []).map((o) => o.Key!).sort(),
    close: async () => {
      client.destroy();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
