import type { UploadTicket } from './endpoints';
import type { VerifiedUpload } from './pipeline';
import { uploadWithTickets, type FormPoster } from './policy-upload';

const ticket = (key: string): UploadTicket => ({
  objectKey: key,
  contentType: 'image/png',
  xobsAcl: 'private',
  policy: 'cG9saWN5',
  signature: 'sig',
  accessKey: 'store-1001',
  action: 'http://storage.test/upload',
});

const item = (name: string, verification: Record<string, unknown>): VerifiedUpload => ({
  id: name,
  name,
  size: 1,
  file: new Blob([name]),
  dynamicTags: [`tag-${name}`],
  filesMd5: name,
  objectMd5: name,
  objectName: name,
  objectSuffix: 'png',
  verification,
});

describe('uploadWithTickets (§7 POST-policy form, 200–299 is success)', () => {
  it('posts the signed form fields in order with the file last, and skips files the store already has', async () => {
    const posted: { action: string; fields: [string, FormDataEntryValue][] }[] = [];
    const post: FormPoster = async (action, form, onProgress) => {
      posted.push({ action, fields: [...form.entries()] });
      onProgress?.(0.5);
      return 204;
    };
    const progress: [number, number][] = [];
    const result = await uploadWithTickets(post)(
      [item('a.png', { fileId: 7, exists: false, uploadTicket: ticket('store-1001/a.png') }), item('b.png', { fileId: 8, exists: true })],
      (index, fraction) => progress.push([index, fraction]),
    );
    expect(result).toEqual({ successList: [{ fileId: 7, dynamicTags: ['tag-a.png'] }, { fileId: 8, dynamicTags: ['tag-b.png'] }], errorIndex: [] });
    expect(posted).toHaveLength(1);
    expect(posted[0]!.action).toBe('http://storage.test/upload');
    expect(posted[0]!.fields.map(([name]) => name)).toEqual(['key', 'content-type', 'x-obs-acl', 'policy', 'signature', 'accessKeyId', 'file']);
    expect(posted[0]!.fields.slice(0, 6).map(([, value]) => value)).toEqual(['store-1001/a.png', 'image/png', 'private', 'cG9saWN5', 'sig', 'store-1001']);
    expect(progress).toEqual(expect.arrayContaining([[0, 0.5], [0, 1], [1, 1]]));
  });

  it('counts HTTP 300 and above, network errors and unverified files as failed positions', async () => {
    const statuses = [299, 300, 500];
    const post: FormPoster = async (_action, form) => {
      const status = statuses.shift()!;
      if (form.get('key') === 'store-1001/boom.png') throw new Error('offline');
      return status;
    };
    const result = await uploadWithTickets(post)([
      item('ok.png', { fileId: 1, exists: false, uploadTicket: ticket('store-1001/ok.png') }),
      item('redirect.png', { fileId: 2, exists: false, uploadTicket: ticket('store-1001/redirect.png') }),
      item('error.png', { fileId: 3, exists: false, uploadTicket: ticket('store-1001/error.png') }),
      item('boom.png', { fileId: 4, exists: false, uploadTicket: ticket('store-1001/boom.png') }),
      item('unverified.png', {}),
    ]);
    expect(result.successList.map((s) => s.fileId)).toEqual([1]);
    expect(result.errorIndex).toEqual([1, 2, 3, 4]);
  });
});
