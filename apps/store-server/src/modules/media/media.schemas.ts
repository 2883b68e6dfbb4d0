// The media module's server-side types. The wire shapes (biz rules, answers) are the contracts'
// (@merchant/api-contracts endpoints/media.ts); these name what the service takes and answers.
import type { EndpointParsedBiz, MediaLibraryFile, mediaEndpoints } from '@merchant/api-contracts';

/** console-spec §3 library file as store-server answers it (createDate in seconds, §9). */
export type LibraryFileView = MediaLibraryFile;

/** A parsed file-list query (path defaulted, blank filters dropped, paging defaulted). */
export type FileListQuery = EndpointParsedBiz<typeof mediaEndpoints.queryResourceFileListByPath>;
/** A parsed verify request (md5 lower-cased, suffix checked against the name). */
export type VerifyInput = EndpointParsedBiz<typeof mediaEndpoints.verifyObjectMd5ByPath>;
/** One parsed callback entry (tags trimmed and deduplicated). */
export type CallbackEntry = EndpointParsedBiz<typeof mediaEndpoints.callbackResourceFile>['callbackFileList'][number];
