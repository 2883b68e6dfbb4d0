import { MEDIA_URL, MEDIA_WIRE_RULES, mediaEndpoints } from '@merchant/api-contracts';
import {
  ALLOWED_UPLOAD_SUFFIXES,
  DEFAULT_CATALOG_PATH,
  DEFAULT_LIST_PATH,
  DEFAULT_MEDIA_URL,
  MAX_FILES_PER_UPLOAD,
  MAX_TAGS_PER_FILE,
  MAX_TAG_LENGTH,
  mediaLibraryPaths,
} from '@merchant/media-library';

// The media contracts repeat a few constants of @merchant/media-library (the contracts library may not
// import it): this is where the two must agree, so the browser and the server never judge a file apart.
describe('media contracts agree with @merchant/media-library', () => {
  it('has the same paths', () => {
    expect(MEDIA_URL).toBe(DEFAULT_MEDIA_URL);
    const paths = mediaLibraryPaths();
    for (const [name, contract] of Object.entries(mediaEndpoints)) {
      expect([name, contract.path]).toEqual([name, paths[name as keyof typeof paths]]);
    }
    expect(Object.keys(mediaEndpoints).sort()).toEqual(Object.keys(paths).sort());
  });

  it('has the same limits, suffixes and defaults', () => {
    expect(MEDIA_WIRE_RULES.maxFilesPerUpload).toBe(MAX_FILES_PER_UPLOAD);
    expect(MEDIA_WIRE_RULES.maxTagsPerFile).toBe(MAX_TAGS_PER_FILE);
    expect(MEDIA_WIRE_RULES.maxTagLength).toBe(MAX_TAG_LENGTH);
    expect([...MEDIA_WIRE_RULES.allowedSuffixes].sort()).toEqual([...ALLOWED_UPLOAD_SUFFIXES].sort());
    expect(MEDIA_WIRE_RULES.defaultListPath).toBe(DEFAULT_LIST_PATH);
    expect(MEDIA_WIRE_RULES.defaultCatalogPath).toBe(DEFAULT_CATALOG_PATH);
  });

  it('refuses what the library refuses at the limits', () => {
    const file = (i: number) => ({ objectMd5: i.toString(16).padStart(32, '0'), objectName: `f${i}.png`, objectSuffix: 'png' });
    const many = Array.from({ length: MAX_FILES_PER_UPLOAD + 1 }, (_, i) => file(i));
    const verify = mediaEndpoints.verifyObjectMd5ByPath.biz;
    expect(verify.safeParse({ path: DEFAULT_LIST_PATH, filesMd5List: many.slice(0, MAX_FILES_PER_UPLOAD) }).success).toBe(true);
    expect(verify.safeParse({ path: DEFAULT_LIST_PATH, filesMd5List: many }).success).toBe(false);
    expect(verify.safeParse({ path: DEFAULT_LIST_PATH, filesMd5List: [{ ...file(1), objectName: 'a.exe', objectSuffix: 'exe' }] }).success).toBe(false);
    const tags = mediaEndpoints.updateResourceFileTags.biz;
    expect(tags.safeParse({ fileId: 1, tagList: ['x'.repeat(MAX_TAG_LENGTH)] }).success).toBe(true);
    expect(tags.safeParse({ fileId: 1, tagList: ['x'.repeat(MAX_TAG_LENGTH + 1)] }).success).toBe(false);
  });
});
