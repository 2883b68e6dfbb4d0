import { createMediaLibraryApi, buildPolicyUploadForm } from './endpoints';
import { runUploadBatch, uploadEachFile, type CallbackRequest, type UploadResult, type VerifyRequest } from './pipeline';
import { UploadQueue } from './upload-queue';

function pendingItems(count: number) {
  const queue = new UploadQueue();
  for (let i = 1; i <= count; i++) {
    queue.add(Object.assign(new Blob([`file ${i}`]), { name: `f${i}.png` }), `md5-${i}`);
    queue.addTag(`md5-${i}`, `tag${i}`);
  }
  return queue.items;
}

/** Injected calls that record what the pipeline sent. */
function calls(options: { verifyFails?: string; uploadResult?: UploadResult; uploadThrows?: string; callbackFails?: string }) {
  const sent = { verify: [] as VerifyRequest[], upload: [] as unknown[][], callback: [] as CallbackRequest[] };
  return {
    sent,
    verify: async (request: VerifyRequest) => {
      sent.verify.push(request);
      if (options.verifyFails) throw { code: '10000002', msg: options.verifyFails };
      return { list: request.filesMd5List.map((_, i) => ({ existing: i === 0 })) };
    },
    upload: async (files: readonly unknown[]) => {
      sent.upload.push([...files]);
      if (options.uploadThrows) throw new Error(options.uploadThrows);
      return options.uploadResult ?? { successList: [], errorIndex: [] };
    },
    callback: async (request: CallbackRequest) => {
      sent.callback.push(request);
      if (options.callbackFails) throw { code: '10000003', msg: options.callbackFails };
      return null;
    },
  };
}

const allOk: UploadResult = {
  successList: [
    { fileId: 11, dynamicTags: ['tag1'] },
    { fileId: 12, dynamicTags: ['tag2'] },
  ],
  errorIndex: [],
};
const secondFailed: UploadResult = { successList: [{ fileId: 11, dynamicTags: ['tag1'] }], errorIndex: [1] };

describe('runUploadBatch (§4 flow, §8 messages)', () => {
  it('warns and sends nothing without files', async () => {
    const deps = calls({});
    const result = await runUploadBatch({ ...deps, items: [], path: '/', locale: 'en-US' });
    expect(result).toMatchObject({ outcome: 'empty', level: 'warning', message: 'at least one file must be selected for upload!' });
    expect(deps.sent.verify).toHaveLength(0);
  });

  it('all: verifies by hash, merges the verification, uploads, calls back with tags', async () => {
    const deps = calls({ uploadResult: allOk });
    const phases: string[] = [];
    const result = await runUploadBatch({ ...deps, items: pendingItems(2), path: '/shop', locale: 'en-US', onPhase: (p) => phases.push(p) });
    expect(deps.sent.verify[0]).toEqual({
      path: '/shop',
      filesMd5List: [
        { objectMd5: 'md5-1', objectName: 'f1.png', objectSuffix: 'png' },
        { objectMd5: 'md5-2', objectName: 'f2.png', objectSuffix: 'png' },
      ],
    });
    expect(deps.sent.upload[0]).toEqual([
      expect.objectContaining({ id: 'md5-1', verification: { existing: true } }),
      expect.objectContaining({ id: 'md5-2', verification: { existing: false } }),
    ]);
    expect(deps.sent.callback[0]).toEqual({
      callbackFileList: [
        { fileId: 11, tagList: ['tag1'] },
        { fileId: 12, tagList: ['tag2'] },
      ],
    });
    expect(result).toMatchObject({ outcome: 'all', level: 'success', message: 'upload succeeded!', reachedStorage: true });
    expect(phases).toEqual(['verify', 'upload', 'callback']);
  });

  it('part: lists failed file numbers (1-based) as a warning', async () => {
    const deps = calls({ uploadResult: { ...secondFailed, errorIndex: [3, 1] } });
    const result = await runUploadBatch({ ...deps, items: pendingItems(4), path: '/', locale: 'en-US' });
    expect(result).toMatchObject({
      outcome: 'part',
      level: 'warning',
      message: 'upload finished, file number(s) 2,4 failed',
      failedNumbers: [2, 4],
    });
    expect(deps.sent.callback[0]!.callbackFileList).toEqual([{ fileId: 11, tagList: ['tag1'] }]);
  });

  it('never sends a file the server refuses: the good files upload, the refused one counts as failed', async () => {
    const queue = new UploadQueue();
    queue.add(Object.assign(new Blob(['png']), { name: 'red.png' }), 'md5-red');
    queue.add(Object.assign(new Blob(['exe']), { name: 'notes.exe' }), 'md5-exe');
    queue.add(Object.assign(new Blob(['txt']), { name: 'readme.txt' }), 'md5-txt');
    const deps = calls({ uploadResult: { successList: [{ fileId: 1, dynamicTags: [] }], errorIndex: [1] } });
    const progress: [number, number][] = [];
    const result = await runUploadBatch({ ...deps, items: queue.items, path: '/noWatermark', locale: 'en-US', onFileProgress: (i, f) => progress.push([i, f]) });
    expect(deps.sent.verify[0]!.filesMd5List.map((file) => file.objectName)).toEqual(['red.png', 'readme.txt']);
    expect((deps.sent.upload[0] as { name: string }[]).map((file) => file.name)).toEqual(['red.png', 'readme.txt']);
    // errorIndex 1 is readme.txt (sent second), the third file of the list.
    expect(result).toMatchObject({ outcome: 'part', failedNumbers: [2, 3], message: 'upload finished, file number(s) 2,3 failed' });
    expect(deps.sent.callback[0]).toEqual({ callbackFileList: [{ fileId: 1, tagList: [] }] });

    const onlyBad = calls({});
    const zh = await runUploadBatch({ ...onlyBad, items: queue.items.filter((item) => item.name === 'notes.exe'), path: '/noWatermark', locale: 'zh-CN' });
    expect(onlyBad.sent.verify).toHaveLength(0);
    expect(zh).toMatchObject({ outcome: 'err', level: 'error', failedNumbers: [1], message: '上传完成，第 1 个文件上传失败' });
    expect(progress).toEqual([]);
  });

  it('maps per-file progress of the sent files back to their list positions', async () => {
    const queue = new UploadQueue();
    queue.add(Object.assign(new Blob(['exe']), { name: 'notes.exe' }), 'md5-exe');
    queue.add(Object.assign(new Blob(['png']), { name: 'red.png' }), 'md5-red');
    const progress: [number, number][] = [];
    await runUploadBatch({
      ...calls({}),
      upload: async (files, onFileProgress) => {
        onFileProgress?.(0, 1);
        return { successList: files.map((_, i) => ({ fileId: i, dynamicTags: [] })), errorIndex: [] };
      },
      items: queue.items,
      path: '/noWatermark',
      onFileProgress: (index, fraction) => progress.push([index, fraction]),
    });
    expect(progress).toEqual([[1, 1]]);
  });

  it('err: verification failure shows the msg and stops', async () => {
    const deps = calls({ verifyFails: 'directory does not exist' });
    const result = await runUploadBatch({ ...deps, items: pendingItems(1), path: '/x', locale: 'en-US' });
    expect(result).toMatchObject({ outcome: 'err', level: 'error', message: 'directory does not exist', reachedStorage: false });
    expect(deps.sent.upload).toHaveLength(0);
  });

  it('err: all uploaded but callback failed shows the msg', async () => {
    const deps = calls({ uploadResult: allOk, callbackFails: 'callback refused' });
    const result = await runUploadBatch({ ...deps, items: pendingItems(2), path: '/', locale: 'en-US' });
    expect(result).toMatchObject({ outcome: 'err', level: 'error', message: 'callback refused', reachedStorage: true });
  });

  it('err: some failed and callback failed shows upload failed, {msg}', async () => {
    const deps = calls({ uploadResult: secondFailed, callbackFails: 'callback refused' });
    const result = await runUploadBatch({ ...deps, items: pendingItems(2), path: '/', locale: 'en-US' });
    expect(result).toMatchObject({ outcome: 'err', message: 'upload failed, callback refused', failedNumbers: [2] });
  });

  it('err: nothing uploaded sends no callback; a thrown upload keeps the list', async () => {
    const none = calls({ uploadResult: { successList: [], errorIndex: [0, 1] } });
    const result = await runUploadBatch({ ...none, items: pendingItems(2), path: '/', locale: 'en-US' });
    expect(result).toMatchObject({ outcome: 'err', message: 'upload finished, file number(s) 1,2 failed' });
    expect(none.sent.callback).toHaveLength(0);
    const thrown = calls({ uploadThrows: 'network down' });
    const failed = await runUploadBatch({ ...thrown, items: pendingItems(1), path: '/', locale: 'en-US' });
    expect(failed).toMatchObject({ outcome: 'err', message: 'upload failed, network down', reachedStorage: false });
  });
});

describe('uploadEachFile', () => {
  it('uploads with bounded concurrency and reports failed positions', async () => {
    const items = pendingItems(5).map((item) => ({ ...item, verification: {} }));
    let running = 0;
    let peak = 0;
    const result = await uploadEachFile(
      items,
      async (file, index) => {
        running++;
        peak = Math.max(peak, running);
        await new Promise((resolve) => setTimeout(resolve, 5)); // fixed wait: each upload takes a moment, so uploads overlap (the concurrency under test)
        running--;
        if (index === 2) throw new Error('storage refused');
        return { fileId: `id-${file.objectMd5}` };
      },
      2,
    );
    expect(peak).toBe(2);
    expect(result.errorIndex).toEqual([2]);
    expect(result.successList.map((s) => s.fileId)).toEqual(['id-md5-1', 'id-md5-2', 'id-md5-4', 'id-md5-5']);
    expect(result.successList[0]!.dynamicTags).toEqual(['tag1']);
  });
});

describe('media endpoints (§7)', () => {
  it('posts to the spec paths with defaults', async () => {
    const posts: [string, object][] = [];
    const api = createMediaLibraryApi(async <T,>(path: string, biz: object) => {
      posts.push([path, biz]);
      return (path.endsWith('queryCatalogListByPath') ? [{ path: '/a', name: 'a' }] : { list: [], total: 0 }) as T;
    });
    await api.queryFileList({ searchKey: 'shoe' });
    expect(await api.queryCatalog()).toEqual([{ path: '/a', name: 'a' }]);
    await api.callback({ callbackFileList: [] });
    expect(posts).toEqual([
      ['/v1/store/eshop/resources/file/queryResourceFileListByPath', { path: '/noWatermark', searchKey: 'shoe' }],
      ['/v1/admin/eshop/resources/catalog/queryCatalogListByPath', { path: '/' }],
      ['/v1/store/eshop/resources/file/callbackResourceFile', { callbackFileList: [] }],
    ]);
  });

  it('builds the direct upload form with the file last', () => {
    const form = buildPolicyUploadForm(
      { objectKey: 'k/1.png', contentType: 'image/png', xobsAcl: 'public-read', policy: 'p', signature: 's', accessKey: 'ak', action: 'https://obs' },
      new Blob(['x']),
      '1.png',
    );
    expect([...form.keys()]).toEqual(['key', 'content-type', 'x-obs-acl', 'policy', 'signature', 'accessKeyId', 'file']);
    expect(form.get('accessKeyId')).toBe('ak');
  });
});
