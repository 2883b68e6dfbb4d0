/**
 * @jest-environment jsdom
 */
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UiKitLocaleProvider } from '@merchant/ui-kit';
import { createHash } from 'node:crypto';
import type { FileHasher } from '../hashing/md5';
import type { CallbackRequest, UploadBatchDependencies, UploadResult, VerifyRequest } from '../upload/pipeline';
import { UploadDialog, type UploadDialogProps } from './UploadDialog';

const MB = 1024 * 1024;
const file = (name: string, content = name, type = 'image/png') => new File([content], name, { type });
const md5Of = (text: string) => createHash('md5').update(text).digest('hex');

// jsdom's Blob lacks arrayBuffer(); browsers and Node have it. Read through jsdom's FileReader instead.
beforeAll(() => {
  if (!Blob.prototype.arrayBuffer) {
    Blob.prototype.arrayBuffer = function readWithFileReader(this: Blob) {
      return new Promise<ArrayBuffer>((resolve, reject) => {
        const reader = new FileReader();
        reader.onload = () => resolve(reader.result as ArrayBuffer);
        reader.onerror = () => reject(reader.error);
        reader.readAsArrayBuffer(this);
      });
    };
  }
});

function setup(overrides: Partial<UploadDialogProps> & { uploadResult?: UploadResult } = {}) {
  const sent = { verify: [] as VerifyRequest[], callback: [] as CallbackRequest[] };
  const calls: UploadBatchDependencies = {
    verify: async (request) => {
      sent.verify.push(request);
      return { list: [] };
    },
    upload: async (files) =>
      overrides.uploadResult ?? { successList: files.map((f, i) => ({ fileId: i + 1, dynamicTags: f.dynamicTags })), errorIndex: [] },
    callback: async (request) => {
      sent.callback.push(request);
      return null;
    },
  };
  const props = {
    open: true,
    onClose: jest.fn(),
    onNotice: jest.fn(),
    onFinished: jest.fn(),
    targetPath: '/shop/banners',
    calls,
    ...overrides,
  } satisfies UploadDialogProps;
  render(
    <UiKitLocaleProvider locale="en-US">
      <UploadDialog {...props} />
    </UiKitLocaleProvider>,
  );
  /** Chooses files and waits until the list holds `expectedRows` rows (hashing is asynchronous). */
  const choose = async (files: File[], expectedRows: number) => {
    await userEvent.upload(screen.getByTestId('media-file-input'), files);
    await waitFor(() => expect(screen.queryAllByTestId('pending-file')).toHaveLength(expectedRows));
    await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument());
  };
  return { props, sent, choose };
}

const rows = () => screen.queryAllByTestId('pending-file');

describe('UploadDialog (§2, §4)', () => {
  it('shows the title, hints, target directory and the four buttons', () => {
    setup({ maxFiles: 9 });
    const dialog = screen.getByRole('dialog', { name: 'upload file' });
    expect(within(dialog).getByText('at most 9 images per upload')).toBeInTheDocument();
    expect(within(dialog).getByText('do not select the same image twice')).toBeInTheDocument();
    expect(within(dialog).getByText('keep images under about 500KB')).toBeInTheDocument();
    expect(within(dialog).getByText('upload to /shop/banners directory')).toBeInTheDocument();
    for (const name of ['select files', 'clear', 'cancel', 'upload to server']) {
      expect(within(dialog).getByRole('button', { name })).toBeInTheDocument();
    }
  });

  it('is not closed by clicking outside, but Escape cancels', async () => {
    const { props } = setup();
    const backdrop = document.querySelector('.MuiBackdrop-root') as HTMLElement;
    await userEvent.click(backdrop);
    expect(props.onClose).not.toHaveBeenCalled();
    await userEvent.click(screen.getByText('upload file')); // focus inside the dialog
    await userEvent.keyboard('{Escape}');
    expect(props.onClose).toHaveBeenCalledTimes(1);
  });

  it('lists chosen files with a type icon, skips duplicates by hash and drops files over the maximum', async () => {
    const { choose } = setup({ maxFiles: 3 });
    await choose([file('a.png', 'A'), file('copy-of-a.png', 'A'), file('report.xlsx', 'R')], 2);
    expect(screen.getByText('a.png')).toBeInTheDocument();
    expect(screen.queryByText('copy-of-a.png')).not.toBeInTheDocument();
    expect(screen.getByTestId('file-icon-spreadsheet')).toBeInTheDocument();
    await choose([file('b.png', 'B'), file('c.png', 'C')], 3);
    expect(rows().map((row) => within(row).getByTitle(/\.png|\.xlsx/).textContent)).toEqual(['a.png', 'report.xlsx', 'b.png']);
  });

  it('warns about a video over 30MB and a video of the wrong length', async () => {
    const { props, choose } = setup({ measureVideoDuration: async () => 3 });
    const big = file('big.mp4', 'x', 'video/mp4');
    Object.defineProperty(big, 'size', { value: 31 * MB });
    await choose([big, file('short.mp4', 'y', 'video/mp4')], 0);
    await waitFor(() => expect(props.onNotice).toHaveBeenCalledTimes(2));
    expect(props.onNotice).toHaveBeenCalledWith('warning', 'big.mp4 was not added: cannot upload video files over 30MB');
    expect(props.onNotice).toHaveBeenCalledWith(
      'warning',
      'short.mp4 was not added: uploaded video length must not be under 6 seconds and not over 120 seconds',
    );
    expect(rows()).toHaveLength(0);
  });

  it('refuses a file type the server refuses when it is picked, shows why, and uploads only the good files', async () => {
    const { props, sent } = setup();
    // The chooser offers only accepted types; 'all files' in the browser's chooser gets past that.
    expect(screen.getByTestId('media-file-input')).toHaveAttribute('accept', expect.stringContaining('.png'));
    expect(screen.getByTestId('media-file-input').getAttribute('accept')).not.toContain('.exe');
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(screen.getByTestId('media-file-input'), [file('red.png', 'RED'), file('notes.exe', 'MZ', 'application/x-msdownload')]);
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(within(rows()[0]!).getByText('red.png')).toBeInTheDocument();
    const refused = screen.getByTestId('media-refused-files');
    expect(refused).toHaveTextContent('these files were not added and will not be uploaded');
    expect(refused).toHaveTextContent(
      'notes.exe was not added: file type .exe cannot be uploaded: only images, videos and common documents (Excel, Word, PowerPoint, audio, zip, rar, txt) are allowed',
    );
    expect(props.onNotice).toHaveBeenCalledWith('warning', expect.stringMatching(/^notes\.exe was not added: file type \.exe cannot be uploaded/));
    await user.click(screen.getByRole('button', { name: 'upload to server' }));
    await waitFor(() => expect(props.onFinished).toHaveBeenCalledWith(expect.objectContaining({ outcome: 'all' })));
    expect(sent.verify).toEqual([{ path: '/shop/banners', filesMd5List: [{ objectMd5: md5Of('RED'), objectName: 'red.png', objectSuffix: 'png' }] }]);
    expect(props.onNotice).toHaveBeenLastCalledWith('success', 'upload succeeded!');
  });

  it('refuses a file over the server maximum and explains it in Chinese', async () => {
    const onNotice = jest.fn();
    render(
      <UiKitLocaleProvider locale="zh-CN">
        <UploadDialog open onClose={jest.fn()} onNotice={onNotice} targetPath="/noWatermark" calls={{ verify: jest.fn(), upload: jest.fn(), callback: jest.fn() }} />
      </UiKitLocaleProvider>,
    );
    const huge = file('huge.zip', 'Z', 'application/zip');
    Object.defineProperty(huge, 'size', { value: 31 * MB });
    await userEvent.setup({ applyAccept: false }).upload(screen.getByTestId('media-file-input'), [huge, file('notes.exe', 'MZ')]);
    const refused = await screen.findByTestId('media-refused-files');
    expect(refused).toHaveTextContent('以下文件未添加，不会上传');
    expect(refused).toHaveTextContent('huge.zip 未添加：不能上传超过30MB的文件');
    expect(refused).toHaveTextContent('notes.exe 未添加：不支持上传 .exe 类型的文件，仅支持图片、视频和常用文档（Excel、Word、PPT、音频、zip、rar、txt）');
    expect(screen.getByText('上传到 /无水印 目录')).toBeInTheDocument();
    expect(rows()).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: '清空' }));
    expect(screen.queryByTestId('media-refused-files')).not.toBeInTheDocument();
  });

  it('adds tags on Enter and blur, ignores empty ones, removes them, and cancels one file', async () => {
    const { choose } = setup();
    await choose([file('a.png', 'A'), file('b.png', 'B')], 2);
    const tagInput = screen.getByLabelText('add tag a.png');
    await userEvent.type(tagInput, 'summer{Enter}');
    await userEvent.type(tagInput, '   {Enter}');
    await userEvent.type(tagInput, 'sale');
    await userEvent.tab();
    const firstRow = rows()[0]!;
    expect(within(firstRow).getByText('summer')).toBeInTheDocument();
    expect(within(firstRow).getByText('sale')).toBeInTheDocument();
    expect(firstRow.querySelectorAll('.MuiChip-root')).toHaveLength(2);
    await userEvent.click(within(firstRow).getByText('summer').parentElement!.querySelector('svg')!);
    expect(within(rows()[0]!).queryByText('summer')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'cancel upload b.png' }));
    expect(rows()).toHaveLength(1);
  });

  it('warns when uploading with no file', async () => {
    const { props, sent } = setup();
    await userEvent.click(screen.getByRole('button', { name: 'upload to server' }));
    expect(props.onNotice).toHaveBeenCalledWith('warning', 'at least one file must be selected for upload!');
    expect(sent.verify).toHaveLength(0);
  });

  it('uploads all: verify, callback with tags, success message, closes, list cleared', async () => {
    const { props, sent, choose } = setup();
    await choose([file('a.png', 'A')], 1);
    await userEvent.type(screen.getByLabelText('add tag a.png'), 'hero{Enter}');
    await userEvent.click(screen.getByRole('button', { name: 'upload to server' }));
    await waitFor(() => expect(props.onFinished).toHaveBeenCalledWith(expect.objectContaining({ outcome: 'all' })));
    expect(sent.verify[0]).toEqual({ path: '/shop/banners', filesMd5List: [{ objectMd5: md5Of('A'), objectName: 'a.png', objectSuffix: 'png' }] });
    expect(sent.callback[0]).toEqual({ callbackFileList: [{ fileId: 1, tagList: ['hero'] }] });
    expect(props.onNotice).toHaveBeenLastCalledWith('success', 'upload succeeded!');
    expect(props.onClose).toHaveBeenCalled();
    expect(rows()).toHaveLength(0);
  });

  it('part: warns with the failed file numbers', async () => {
    const { props, choose } = setup({ uploadResult: { successList: [{ fileId: 7, dynamicTags: [] }], errorIndex: [1] } });
    await choose([file('a.png', 'A'), file('b.png', 'B')], 2);
    await userEvent.click(screen.getByRole('button', { name: 'upload to server' }));
    await waitFor(() => expect(props.onNotice).toHaveBeenLastCalledWith('warning', 'upload finished, file number(s) 2 failed'));
    expect(props.onFinished).toHaveBeenCalledWith(expect.objectContaining({ outcome: 'part' }));
  });

  it('clear empties the list; cancel empties and closes', async () => {
    const { props, choose } = setup();
    await choose([file('a.png', 'A')], 1);
    await userEvent.click(screen.getByRole('button', { name: 'clear' }));
    expect(rows()).toHaveLength(0);
    await choose([file('b.png', 'B')], 1);
    await userEvent.click(screen.getByRole('button', { name: 'cancel' }));
    expect(props.onClose).toHaveBeenCalledTimes(1);
    expect(rows()).toHaveLength(0);
  });

  it('shows a progress bar while hashing', async () => {
    let release: (md5: string) => void = () => undefined;
    const slowHasher: FileHasher = (blob, onProgress) => {
      onProgress?.({ loaded: blob.size / 2, total: blob.size });
      return new Promise((resolve) => (release = resolve));
    };
    setup({ hasher: slowHasher });
    await userEvent.upload(screen.getByTestId('media-file-input'), [file('a.png', 'AAAA')]);
    const bar = await screen.findByRole('progressbar', { name: 'computing file checksums' });
    expect(bar).toHaveAttribute('aria-valuenow', '50');
    expect(screen.getByRole('button', { name: 'upload to server' })).toBeDisabled();
    await act(async () => release('md5:x'));
    await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument());
    expect(rows()).toHaveLength(1);
  });
});
