import { objectUrlWithQuery, processedImageUrl, type ImageOperation } from '../validation/image-rules';

// The object store's media addresses (im-client-spec §7; docs/im-upload.md "Media"): what im-server answers
// for an uploaded file's URL with ?imageInfo, ?vinfo or ?imageView&….

/** §7: `GET {file}?imageInfo` answers `{Width, Height, Orientation, Type, Size}`. */
export const imageInfoUrl = (url: string): string => objectUrlWithQuery(url, 'imageInfo');

/** §7: `GET {file}?vinfo` answers the audio and video information of an audio or video file. */
export const videoInfoUrl = (url: string): string => objectUrlWithQuery(url, 'vinfo');

/** The processed image's address: the operations checked and written by image-rules, in the order given. */
export const processImageUrl = (url: string, operations: readonly ImageOperation[]): string => processedImageUrl(url, operations);
