// s3rver ships no types; only what our tests use.
declare module 's3rver' {
  type Options = {
    port?: number;
    address?: string;
    directory: string;
    silent?: boolean;
    configureBuckets?: Array<{ name: string; configs: unknown[] }>;
  };
  export default class S3rver {
    constructor(options: Options);
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}
