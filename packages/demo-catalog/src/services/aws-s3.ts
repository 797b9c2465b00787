import { service, tool } from '../builder.js';
import { bool, int, list, map, oneOf, str } from '../schema.js';

const bucket = str('S3 bucket name, e.g. "acme-prod-uploads".');
const key = str('Object key (path inside the bucket), e.g. "reports/2025/06/summary.csv".');
const region = str('AWS region, e.g. "us-east-1" or "eu-central-1".');

/** AWS S3: buckets, objects, presigned URLs, versioning, lifecycle, policies and tags. */
export const awsS3 = service('aws-s3', [
  tool('list_buckets', 'List the S3 buckets in the AWS account with their region and creation date.'),
  tool('create_bucket', 'Create an S3 bucket in a region, with public access blocked by default.', {
    bucket,
    'region?': region,
    'versioning?': bool('Turn on versioning.', { default: false }),
  }),
  tool('delete_bucket', 'Delete an S3 bucket permanently; the bucket must be empty (delete its objects and versions first).', { bucket }),
  tool('list_objects', 'List objects in an S3 bucket under a key prefix, like browsing a folder, with size, storage class and last modified date.', {
    bucket,
    'prefix?': str('Only keys starting with this prefix, e.g. "logs/2025-06-".'),
    'delimiter?': str('Group keys by this character ("/" to list folders).', { default: '/' }),
    'maxKeys?': int('Maximum keys per page.', { minimum: 1, maximum: 1000, default: 1000 }),
    'continuationToken?': str('Token of the next page.'),
  }),
  tool('get_object', 'Download an S3 object and return its content as text (or base64 for binary files), optionally a byte range.', {
    bucket,
    key,
    'range?': str('Byte range, e.g. "bytes=0-65535".'),
    'versionId?': str('A specific object version.'),
  }),
  tool('put_object', 'Upload text content to S3 as an object with content type, storage class, metadata and server-side encryption.', {
    bucket,
    key,
    content: str('Object body as text.'),
    'contentType?': str('MIME type, e.g. "application/json".'),
    'storageClass?': oneOf(['STANDARD', 'STANDARD_IA', 'INTELLIGENT_TIERING', 'GLACIER_IR'], 'Storage class.', { default: 'STANDARD' }),
    'metadata?': map('User metadata (x-amz-meta-*).'),
  }),
  tool('head_object', 'Get S3 object metadata without downloading it: size, ETag, content type, storage class, encryption and last modified.', {
    bucket,
    key,
  }),
  tool('delete_objects', 'Delete one or more objects from an S3 bucket by key.', {
    bucket,
    keys: list(str('Object key.'), 'Keys to delete (up to 1000).'),
  }),
  tool('copy_object', 'Copy an S3 object within or between buckets, optionally changing storage class or metadata.', {
    sourceBucket: bucket,
    sourceKey: key,
    destinationBucket: str('Target bucket.'),
    destinationKey: str('Target key.'),
  }),
  tool('generate_presigned_url', 'Generate a presigned S3 URL that lets someone download (GET) or upload (PUT) an object without AWS credentials, valid for a limited time.', {
    bucket,
    key,
    'operation?': oneOf(['get', 'put'], 'Download or upload.', { default: 'get' }),
    'expiresInSeconds?': int('Lifetime of the URL.', { minimum: 1, maximum: 604800, default: 3600 }),
  }),
  tool('get_bucket_policy', 'Read the bucket policy (JSON) of an S3 bucket.', { bucket }),
  tool('put_bucket_policy', 'Set or replace the bucket policy of an S3 bucket.', {
    bucket,
    policy: str('Policy document as JSON text.'),
  }),
  tool('get_public_access_block', 'Check whether an S3 bucket blocks public access (the four Block Public Access settings).', { bucket }),
  tool('set_bucket_versioning', 'Turn versioning of an S3 bucket on or suspend it.', {
    bucket,
    enabled: bool('Enable (true) or suspend (false) versioning.'),
  }),
  tool('list_object_versions', 'List the versions and delete markers of S3 objects, to recover an overwritten or deleted file.', {
    bucket,
    'prefix?': str('Key prefix.'),
  }),
  tool('put_lifecycle_rule', 'Add an S3 lifecycle rule that moves objects under a prefix to cheaper storage or expires (deletes) them after some days.', {
    bucket,
    id: str('Rule name.'),
    'prefix?': str('Objects the rule applies to.'),
    'transitionDays?': int('Days after creation to transition.', { minimum: 0 }),
    'transitionStorageClass?': oneOf(['STANDARD_IA', 'INTELLIGENT_TIERING', 'GLACIER', 'DEEP_ARCHIVE'], 'Target storage class.'),
    'expirationDays?': int('Days after creation to delete.', { minimum: 1 }),
  }),
  tool('get_bucket_size', 'Report the total size and object count of an S3 bucket or prefix, by storage class.', {
    bucket,
    'prefix?': str('Only count under this prefix.'),
  }),
  tool('put_object_tags', 'Set tags (key-value pairs) on an S3 object, e.g. for cost allocation or lifecycle filters.', {
    bucket,
    key,
    tags: map('Tags, e.g. {"team": "data", "retention": "90d"}.'),
  }),
  tool('get_bucket_cors', 'Read the CORS configuration of an S3 bucket (allowed origins, methods and headers).', { bucket }),
  tool('restore_archived_object', 'Restore an S3 object from Glacier or Deep Archive storage for a number of days so it can be downloaded.', {
    bucket,
    key,
    days: int('How long the restored copy stays available.', { minimum: 1 }),
    'tier?': oneOf(['Expedited', 'Standard', 'Bulk'], 'Retrieval speed.', { default: 'Standard' }),
  }),
]);
