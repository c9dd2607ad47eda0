import { createHash, createHmac } from 'node:crypto';

/**
 * Signs a presigned S3 URL (SigV4, query-string auth, as minio makes them) again with more request
 * headers among its signed ones, so S3 refuses a request whose headers differ: minio never signs
 * `content-length` in a presigned URL, which is how an upload is held to its declared size. With no
 * extra headers this reproduces minio's own signature (s3-storage.spec.ts checks it).
 */
export function signPresignedUrlWithHeaders(
  url: string,
  headers: Record<string, string>,
  credentials: { secretKey: string; region: string },
): string {
  const [resourceUrl = '', query = ''] = url.split('?');
  const { host, origin } = new URL(url);
  const signed = { ...lowerCased(headers), host };
  const names = Object.keys(signed).sort();
  const params = query
    .split('&')
    .filter((param) => !param.startsWith('X-Amz-Signature='))
    .map((param) =>
      param.startsWith('X-Amz-SignedHeaders=')
        ? `X-Amz-SignedHeaders=${encodeURIComponent(names.join(';'))}`
        : param,
    );
  const value = (name: string) =>
    decodeURIComponent(params.find((p) => p.startsWith(`${name}=`))?.slice(name.length + 1) ?? '');
  const amzDate = value('X-Amz-Date');
  const scope = value('X-Amz-Credential').split('/').slice(1).join('/');
  const [day = '', region = credentials.region, service = 's3'] = scope.split('/');
  const canonicalRequest = [
    'PUT',
    resourceUrl.slice(origin.length) || '/',
    [...params].sort().join('&'),
    `${names.map((name) => `${name}:${signed[name as keyof typeof signed]}`).join('\n')}\n`,
    names.join(';'),
    'UNSIGNED-PAYLOAD',
  ].join('\n');
  const stringToSign = [
    'AWS4-HMAC-SHA256',
    amzDate,
    scope,
    createHash('sha256').update(canonicalRequest).digest('hex'),
  ].join('\n');
  let key: Buffer = hmac(`AWS4${credentials.secretKey}`, day);
  for (const part of [region, service, 'aws4_request']) key = hmac(key, part);
  const signature = createHmac('sha256', key).update(stringToSign).digest('hex');
  return `${resourceUrl}?${params.join('&')}&X-Amz-Signature=${signature}`;
}

function hmac(key: string | Buffer, data: string): Buffer {
  return createHmac('sha256', key).update(data).digest();
}

function lowerCased(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
}
