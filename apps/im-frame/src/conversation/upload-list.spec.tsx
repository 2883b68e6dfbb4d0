import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UploadList } from './upload-list';
import { renderWithI18n } from '../test/render-frame';
import type { ChatUpload } from '../chat/chat-state';

const uploading: ChatUpload = { id: 'u1', sessionId: 'p2p-c_demo1', name: 'goods.png', percentage: 37.5, status: 'uploading' };
const tooLarge: ChatUpload = {
  id: 'u2',
  sessionId: 'p2p-c_demo1',
  name: 'huge.zip',
  percentage: 0,
  status: 'failed',
  error: { name: 'File_Too_Large', message: 'the file is 200 bytes, more than maxSize 100' },
};

describe('UploadList', () => {
  it('shows a labelled progress bar with the percentage and cancels by keyboard', async () => {
    const user = userEvent.setup({ delay: null });
    const canceled: string[] = [];
    renderWithI18n(<UploadList uploads={[uploading]} onCancel={(id) => canceled.push(id)} onDismiss={() => undefined} />);
    expect(screen.getByRole('progressbar', { name: 'Upload progress of goods.png' })).toHaveAttribute('aria-valuenow', '37.5');
    expect(screen.getByText('37.50%')).toBeInTheDocument();
    act(() => screen.getByRole('button', { name: 'Cancel uploading goods.png' }).focus());
    await user.keyboard('{Enter}');
    expect(canceled).toEqual(['u1']);
  });

  it('explains a refused file in the merchant language, with the detail, and dismisses it', async () => {
    const user = userEvent.setup({ delay: null });
    const dismissed: string[] = [];
    renderWithI18n(<UploadList uploads={[tooLarge]} onCancel={() => undefined} onDismiss={(id) => dismissed.push(id)} />, 'zh-CN');
    expect(screen.getByRole('alert')).toHaveTextContent('未发送：文件太大（the file is 200 bytes, more than maxSize 100）');
    await user.click(screen.getByRole('button', { name: '关闭 huge.zip 的上传提示' }));
    expect(dismissed).toEqual(['u2']);
  });

  it('shows the error text itself for errors it does not know', () => {
    renderWithI18n(<UploadList uploads={[{ ...tooLarge, error: { message: 'socket hang up' } }]} onCancel={() => undefined} onDismiss={() => undefined} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Not sent: socket hang up');
  });

  it('shows an interrupted upload with how far it got; its button opens a picker and the chosen file goes to onFiles; it can be given up', async () => {
    const user = userEvent.setup({ delay: null });
    const chosen: string[] = [];
    const dismissed: string[] = [];
    const interrupted: ChatUpload = { id: 'u3', sessionId: 'p2p-c_demo1', name: 'photo.png', percentage: 45.67, status: 'interrupted', size: 10, lastModified: 1, type: 'image/png' };
    renderWithI18n(
      <UploadList uploads={[interrupted]} onCancel={() => undefined} onDismiss={(id) => dismissed.push(id)} onFiles={(files) => chosen.push(...files.map((f) => f.name))} />,
    );
    expect(screen.getByTestId('upload-item')).toHaveTextContent('photo.png — 45% sent; choose the file again to continue');
    const choose = screen.getByRole('button', { name: 'Choose photo.png again to continue uploading it' });
    const input = screen.getByTestId('upload-choose-again-input') as HTMLInputElement;
    expect(input).toHaveAttribute('accept', 'image/png');
    let opened = 0;
    input.addEventListener('click', () => (opened += 1));
    act(() => choose.focus());
    await user.keyboard('{Enter}');
    expect(opened).toBe(1);
    await user.upload(input, new File(['x'], 'photo.png', { type: 'image/png' }));
    expect(chosen).toEqual(['photo.png']);
    await user.click(screen.getByRole('button', { name: 'Give up uploading photo.png' }));
    expect(dismissed).toEqual(['u3']);
  });

  it('says the same in Chinese', () => {
    const interrupted: ChatUpload = { id: 'u3', sessionId: 'p2p-c_demo1', name: 'photo.png', percentage: 45, status: 'interrupted' };
    renderWithI18n(<UploadList uploads={[interrupted]} onCancel={() => undefined} onDismiss={() => undefined} onFiles={() => undefined} />, 'zh-CN');
    expect(screen.getByTestId('upload-item')).toHaveTextContent('photo.png — 已发送 45%；重新选择该文件即可继续');
    expect(screen.getByRole('button', { name: '重新选择 photo.png 以继续上传' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '放弃 photo.png 的上传' })).toBeInTheDocument();
  });

  it('renders nothing without uploads', () => {
    const { container } = renderWithI18n(<UploadList uploads={[]} onCancel={() => undefined} onDismiss={() => undefined} />);
    expect(container).toBeEmptyDOMElement();
  });
});
