/**
 * @jest-environment jsdom
 */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UiKitLocaleProvider } from '@merchant/ui-kit';
import type { UploadBatchDependencies, VerifyRequest } from '../upload/pipeline';
import { UploadDialog, type UploadDialogProps } from './UploadDialog';

const png = (name: string, content = name) => new File([content], name, { type: 'image/png' });
// jsdom's Blob has no text(); FileReader reads it.
const readText = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });
const hasher = async (blob: Blob) => `${(blob as File).name}-${await readText(blob)}`.padEnd(32, '0');

function setup(overrides: Partial<UploadDialogProps> = {}, calls: Partial<UploadBatchDependencies> = {}) {
  const verified: VerifyRequest[] = [];
  const uploadedBodies: string[] = [];
  const props: UploadDialogProps = {
    open: true,
    onClose: jest.fn(),
    onNotice: jest.fn(),
    onFinished: jest.fn(),
    targetPath: '/noWatermark',
    hasher,
    calls: {
      verify: async (request) => {
        verified.push(request);
        return { list: [] };
      },
      upload: async (files, onFileProgress) => {
        for (const [index, file] of files.entries()) {
          uploadedBodies.push(await readText(file.file));
          onFileProgress?.(index, 0.5);
        }
        return { successList: files.map((file, index) => ({ fileId: index + 1, dynamicTags: file.dynamicTags })), errorIndex: [] };
      },
      callback: async () => ({ list: [] }),
      ...calls,
    },
    ...overrides,
  };
  render(
    <UiKitLocaleProvider locale="en-US">
      <UploadDialog {...props} />
    </UiKitLocaleProvider>,
  );
  const choose = async (files: File[], rows: number) => {
    await userEvent.upload(screen.getByTestId('media-file-input'), files);
    await waitFor(() => expect(screen.queryAllByTestId('pending-file')).toHaveLength(rows));
  };
  return { props, verified, uploadedBodies, choose };
}

describe('UploadDialog modes (§2, §4, §9)', () => {
  it('uploads to the directory chosen in one select labelled "upload to directory", by the names the tree shows', async () => {
    const catalogs = [
      { path: '/noWatermark', name: 'noWatermark', catalogList: [{ path: '/noWatermark/banners', name: 'banners' }] },
      { path: '/watermark', name: 'watermark' },
    ];
    const { verified, choose } = setup({ catalogs });
    // One picker, no numbered second one, no internal names.
    expect(screen.getAllByRole('combobox')).toHaveLength(1);
    expect(screen.queryByText(/root directory/)).not.toBeInTheDocument();
    const picker = screen.getByRole('combobox', { name: 'upload to directory' });
    expect(picker).toHaveTextContent('/No watermark');
    expect(picker).not.toHaveTextContent('noWatermark');
    await userEvent.click(picker);
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['No watermark', 'banners', 'Watermark']);
    await userEvent.click(screen.getByRole('option', { name: 'banners' }));
    expect(screen.getByRole('combobox', { name: 'upload to directory' })).toHaveTextContent('/No watermark/banners');
    await choose([png('a.png')], 1);
    await userEvent.click(screen.getByRole('button', { name: 'upload to server' }));
    await waitFor(() => expect(verified).toHaveLength(1));
    expect(verified[0]!.path).toBe('/noWatermark/banners');
  });

  it('labels the directory picker and its names in Chinese', async () => {
    render(
      <UiKitLocaleProvider locale="zh-CN">
        <UploadDialog
          open
          onClose={jest.fn()}
          onNotice={jest.fn()}
          targetPath="/noWatermark/banners"
          catalogs={[{ path: '/noWatermark', name: 'noWatermark', catalogList: [{ path: '/noWatermark/banners', name: 'banners' }] }]}
          calls={{ verify: jest.fn(), upload: jest.fn(), callback: jest.fn() }}
        />
      </UiKitLocaleProvider>,
    );
    const picker = screen.getByRole('combobox', { name: '上传到目录' });
    expect(picker).toHaveTextContent('/无水印/banners');
    await userEvent.click(picker);
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['无水印', 'banners']);
  });

  it('stamps the watermark on images (not on other files) before hashing and upload', async () => {
    const stamp = jest.fn(async (blob: Blob, text: string) => new Blob([`${text}|`, blob], { type: 'image/png' }));
    const { uploadedBodies, choose } = setup({ watermark: { text: 'Demo Store', stamp } });
    await choose([png('a.png', 'A'), new File(['R'], 'report.txt', { type: 'text/plain' })], 2);
    expect(stamp).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'upload to server' }));
    await waitFor(() => expect(uploadedBodies).toEqual(['Demo Store|A', 'R']));
  });

  it('shows each file its own upload progress bar while it uploads', async () => {
    let release: () => void = () => undefined;
    const { choose } = setup(
      {},
      {
        upload: async (files, onFileProgress) => {
          onFileProgress?.(0, 0.4);
          await new Promise<void>((resolve) => (release = resolve));
          return { successList: files.map((_, index) => ({ fileId: index + 1, dynamicTags: [] })), errorIndex: [] };
        },
      },
    );
    await choose([png('a.png')], 1);
    await userEvent.click(screen.getByRole('button', { name: 'upload to server' }));
    const bar = await screen.findByRole('progressbar', { name: 'uploading a.png' });
    expect(bar).toHaveAttribute('aria-valuenow', '40');
    release();
    await waitFor(() => expect(screen.queryByRole('progressbar', { name: 'uploading a.png' })).not.toBeInTheDocument());
  });

  it('err: a failed verification shows the server msg, keeps the list and the dialog, and sends nothing more', async () => {
    const upload = jest.fn();
    const { props, choose } = setup({}, { verify: async () => Promise.reject({ code: '10100001', msg: 'path is invalid' }), upload });
    await choose([png('a.png')], 1);
    await userEvent.click(screen.getByRole('button', { name: 'upload to server' }));
    await waitFor(() => expect(props.onNotice).toHaveBeenCalledWith('error', 'path is invalid'));
    expect(upload).not.toHaveBeenCalled();
    expect(props.onClose).not.toHaveBeenCalled();
    expect(props.onFinished).toHaveBeenCalledWith(expect.objectContaining({ outcome: 'err' }));
    expect(screen.getAllByTestId('pending-file')).toHaveLength(1);
  });
});
