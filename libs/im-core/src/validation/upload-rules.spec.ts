import { ImError, ImErrorName } from '../errors';
import {
  audioMp3Url,
  checkNosSurvivalTime,
  checkSafeShortUrl,
  checkUploadCandidate,
  checkUploadOptions,
  CHUNK_UPLOAD_MAX_BYTES,
  COMMON_UPLOAD_MAX_BYTES,
  fileExtension,
  isFileOfType,
  nextChunk,
  shouldQuickTransfer,
  UPLOAD_CHUNK_BYTES,
  uploadErrorText,
  uploadProgress,
  type UploadOptions,
} from './upload-rules';

/** The thrown ImError, for asserting its name and exact message. */
function thrown(run: () => unknown): ImError {
  try {
    run();
  } catch (error) {
    if (error instanceof ImError) return error;
    throw error;
  }
  throw new Error('expected an ImError');
}

describe('upload options (im-client-spec §5 "Files")', () => {
  const blob = { size: 10 };

  it.each([
    [{ type: 'image' } as UploadOptions, 'exactly one of dataURL, blob, fileInput, filePath, wxFilePath, fileObject, file is required'],
    [{ type: 'image', blob, dataURL: 'data:image/png;base64,AA==' } as UploadOptions, 'exactly one of dataURL, blob, fileInput, filePath, wxFilePath, fileObject, file is required (got dataURL, blob)'],
    [{ type: 'image', blob, maxSize: '10' } as UploadOptions, 'maxSize must be a number'],
    [{ type: 'image', blob, maxSize: Number.NaN } as UploadOptions, 'maxSize must be a number'],
    [{ type: 'image', blob, commonUpload: 'yes' } as UploadOptions, 'commonUpload must be a boolean'],
    [{ type: 'image', blob, nosSurvivalTime: '86400' } as UploadOptions, 'nosSurvivalTime must be a number'],
    [{ type: 'picture', blob } as unknown as UploadOptions, 'type must be one of image, audio, video, file'],
  ])('refuses %j with Param_Error %p', (options, message) => {
    const error = thrown(() => checkUploadOptions(options));
    expect(error.errorName).toBe(ImErrorName.Param_Error);
    expect(error.message).toBe(message);
  });

  it('accepts each single source and defaults to a chunked upload with no expiry', () => {
    for (const source of ['dataURL', 'blob', 'fileInput', 'filePath', 'wxFilePath', 'fileObject', 'file']) {
      expect(checkUploadOptions({ type: 'file', [source]: {} })).toEqual({ type: 'file', source, maxSize: undefined, commonUpload: false, nosSurvivalTime: undefined });
    }
    expect(checkUploadOptions({ type: 'video', blob, maxSize: 5, commonUpload: true, nosSurvivalTime: 90_000 })).toMatchObject({ maxSize: 5, commonUpload: true, nosSurvivalTime: 90_000 });
  });

  it.each([
    [86_400, 86_400],
    [86_400.7, 86_400],
    [86_399, undefined],
    [0, undefined],
    [-1, undefined],
    [Number.POSITIVE_INFINITY, undefined],
    [undefined, undefined],
  ])('nosSurvivalTime %p is kept at or above 86400, otherwise unlimited (%p)', (value, expected) => {
    expect(checkNosSurvivalTime(value)).toBe(expected);
  });
});

describe('the chosen file (§5 "Files")', () => {
  const options = (extra: Partial<UploadOptions> = {}) => checkUploadOptions({ type: 'image', blob: {}, ...extra });

  it.each(['image', 'audio', 'video', 'file'] as const)('an empty %s source is No_File_Selected "please select a %s file"', (type) => {
    for (const size of [0, undefined]) {
      const error = thrown(() => checkUploadCandidate(checkUploadOptions({ type, blob: {} }), { size, mimeType: '' }));
      expect(error.errorName).toBe(ImErrorName.No_File_Selected);
      expect(error.message).toBe(`please select a ${type} file`);
    }
  });

  it('a file of another kind is Wrong_File_Type, judged by MIME type, or by extension when the type is unknown', () => {
    const error = thrown(() => checkUploadCandidate(options(), { size: 10, mimeType: 'application/pdf', name: 'invoice.pdf' }));
    expect(error.errorName).toBe(ImErrorName.Wrong_File_Type);
    expect(error.message).toBe('invoice.pdf is not an image file');
    expect(thrown(() => checkUploadCandidate(checkUploadOptions({ type: 'video', blob: {} }), { size: 1, mimeType: 'image/png' })).message).toBe('the file is not a video file');
    expect(() => checkUploadCandidate(options(), { size: 10, mimeType: 'image/png', name: 'photo.bin' })).not.toThrow();
    expect(() => checkUploadCandidate(options(), { size: 10, mimeType: '', name: 'C:\\photos\\Goods.JPG' })).not.toThrow();
    expect(thrown(() => checkUploadCandidate(options(), { size: 10, mimeType: 'application/octet-stream', name: 'notes.txt' })).errorName).toBe(ImErrorName.Wrong_File_Type);
    expect(isFileOfType('file', { mimeType: 'application/x-msdownload', name: 'a.exe' })).toBe(true);
    expect(isFileOfType('video', { mimeType: 'audio/mpeg' })).toBe(false);
  });

  it('above maxSize, above the common maximum (commonUpload) and above the chunk maximum is File_Too_Large', () => {
    const overMax = thrown(() => checkUploadCandidate(options({ maxSize: 1000 }), { size: 1001, mimeType: 'image/png' }));
    expect(overMax.errorName).toBe(ImErrorName.File_Too_Large);
    expect(overMax.message).toBe('the file is 1001 bytes, more than maxSize 1000');
    expect(() => checkUploadCandidate(options({ maxSize: 1000 }), { size: 1000, mimeType: 'image/png' })).not.toThrow();

    const common = thrown(() => checkUploadCandidate(options({ commonUpload: true }), { size: COMMON_UPLOAD_MAX_BYTES + 1, mimeType: 'image/png' }));
    expect(common.errorName).toBe(ImErrorName.File_Too_Large);
    expect(common.message).toBe(`the file is ${COMMON_UPLOAD_MAX_BYTES + 1} bytes, more than the common upload maximum 104857600`);
    // The same size goes through as a chunked upload.
    expect(() => checkUploadCandidate(options(), { size: COMMON_UPLOAD_MAX_BYTES + 1, mimeType: 'image/png' })).not.toThrow();

    const chunked = thrown(() => checkUploadCandidate(options(), { size: CHUNK_UPLOAD_MAX_BYTES + 1, mimeType: 'image/png' }));
    expect(chunked.message).toBe(`the file is ${CHUNK_UPLOAD_MAX_BYTES + 1} bytes, more than the chunk upload maximum 41943040000`);
  });
});

describe('chunks, progress, quick transfer and error text (§4 "Upload", §8, §9)', () => {
  it('plans 4 MB chunks from the server offset until it equals the size', () => {
    const size = UPLOAD_CHUNK_BYTES * 2 + 5;
    const chunks = [];
    for (let offset = 0, chunk = nextChunk(offset, size); chunk; offset = chunk.end, chunk = nextChunk(offset, size)) chunks.push(chunk);
    expect(chunks).toEqual([
      { start: 0, end: 4_194_304 },
      { start: 4_194_304, end: 8_388_608 },
      { start: 8_388_608, end: 8_388_613 },
    ]);
    // A resume at the server's offset sends only what is missing.
    expect(nextChunk(8_388_608, size)).toEqual({ start: 8_388_608, end: size });
    expect(nextChunk(size, size)).toBeUndefined();
  });

  it.each([
    [0, 10_000, 0],
    [1, 10_000, 0.01],
    [1, 20_000, 0],
    [3333, 10_000, 33.33],
    [9999, 10_000, 99.99],
    [10_000, 10_000, 100],
    [12_000, 10_000, 100],
    [5, 0, 100],
  ])('progress of %p of %p bytes is %p %% (0.01 %% steps)', (loaded, total, percent) => {
    expect(uploadProgress(loaded, total)).toBe(percent);
  });

  it('tries quick transfer only with a known md5 and a size at or above the threshold', () => {
    const md5 = '9e107d9d372bb6826bd81d3542a419d6';
    expect(shouldQuickTransfer(md5, 100, 100)).toBe(true);
    expect(shouldQuickTransfer(md5, 99, 100)).toBe(false);
    expect(shouldQuickTransfer(undefined, 1000, 100)).toBe(false);
    expect(shouldQuickTransfer('not-an-md5', 1000, 100)).toBe(false);
    expect(shouldQuickTransfer(md5, 1000, undefined)).toBe(false);
  });

  it.each([
    [413, 'too large', '413 (too large)'],
    [undefined, 'edge down', 'unknown (edge down)'],
    ['NOS_FAIL', undefined, 'NOS_FAIL (unknown error)'],
    [null, '', 'unknown (unknown error)'],
  ])('reports code %p and message %p as %p', (code, message, text) => {
    expect(uploadErrorText(code, message)).toBe(text);
  });
});

describe('addresses (§3, §5)', () => {
  it('derives the mp3 address of an audio file', () => {
    expect(audioMp3Url('https://nos.example/bucket/voice.aac')).toBe('https://nos.example/bucket/voice.aac?audioTrans&type=mp3');
    expect(audioMp3Url('https://nos.example/bucket/voice.aac?token=1')).toBe('https://nos.example/bucket/voice.aac?token=1&audioTrans&type=mp3');
  });

  it.each(['https://nos.example/s/abc?im_url=1', 'http://nos.example/s/abc?x=2&im_url=1'])('accepts the safe short link %p', (url) => {
    expect(checkSafeShortUrl(url)).toBe(url);
  });

  it.each(['https://nos.example/s/abc', 'ftp://nos.example/s/abc?im_url=1', 'javascript:alert(1)//im_url=1', 42])('refuses %p as a safe short link', (url) => {
    const error = thrown(() => checkSafeShortUrl(url));
    expect(error.errorName).toBe(ImErrorName.Param_Error);
    expect(error.message).toBe('the content of parameter safeShortUrl is not a file safe short link');
  });

  it('reads the extension of a name or a path', () => {
    expect(fileExtension('a/b.c/photo.JPEG')).toBe('jpeg');
    expect(fileExtension('.hidden')).toBe('');
    expect(fileExtension('README')).toBe('');
    expect(fileExtension(undefined)).toBe('');
  });
});
