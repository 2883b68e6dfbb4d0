/**
 * @jest-environment jsdom
 */
import { render, screen, waitFor, within } from '@testing-library/react';
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
  it("uploads to the directory chosen in the cascader, labelled 'root directory', by the names the tree shows", async () => {
    const catalogs = [
      { path: '/noWatermark', name: 'noWatermark', catalogList: [{ path: '/noWatermark/banners', name: 'banners' }] },
      { path: '/watermark', name: 'watermark' },
    ];
    const { verified, choose } = setup({ catalogs });
    const cascader = screen.getByRole('group', { name: 'root directory' });
    const [top, below] = within(cascader).getAllByRole('combobox');
    // The target directory starts selected, by its display name; the next level is a sub-directory, not 'root directory 2'.
    expect(top).toHaveTextContent('No watermark');
    expect(cascader).not.toHaveTextContent('noWatermark');
    expect(within(cascader).queryByText(/root directory 2/)).not.toBeInTheDocument();
    expect(within(cascader).getByRole('combobox', { name: 'sub-directory' })).toBe(below);
    await userEvent.click(top!);
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['all', 'No watermark', 'Watermark']);
    await userEvent.keyboard('{Escape}');
    await userEvent.click(below!);
    await userEvent.click(await screen.findByRole('option', { name: 'banners' }));
    await choose([png('a.png')], 1);
    await userEvent.click(screen.getByRole('button', { name: 'upload to server' }));
    await waitFor(() => expect(verified).toHaveLength(1));
    expect(verified[0]!.path).toBe('/noWatermark/banners');
  });

  it('labels the directory cascader and its names in Chinese', async () => {
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
    const cascader = screen.getByRole('group', { name: '根目录' });
    expect(within(cascader).getByRole('combobox', { name: '根目录' })).toHaveTextContent('无水印');
    expect(within(cascader).getByRole('combobox', { name: '子目录' })).toHaveTextContent('banners');
    expect(cascader).not.toHaveTextContent('noWatermark');
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
