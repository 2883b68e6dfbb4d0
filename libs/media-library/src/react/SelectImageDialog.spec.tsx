/**
 * @jest-environment jsdom
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMediaListServer, libraryFile, MediaTestProviders } from '../../test/media-test-kit';
import { SelectImageDialog, type SelectImageDialogProps } from './SelectImageDialog';

const FILES = [
  libraryFile(1, 'sofa.png', { referenceCount: 2, fileTags: [{ tag: 'sofa' }, { tag: 'living room' }] }),
  libraryFile(2, 'lamp.png'),
  libraryFile(3, 'intro.mp4'),
  libraryFile(4, 'logo.png', { path: '/watermark' }),
];

function setup(overrides: Partial<SelectImageDialogProps> = {}) {
  const server = createMediaListServer(FILES);
  const props: SelectImageDialogProps = {
    open: true,
    onClose: jest.fn(),
    onConfirm: jest.fn(),
    onUploadClick: jest.fn(),
    endpoint: server.endpoint,
    path: '/noWatermark',
    ...overrides,
  };
  render(
    <MediaTestProviders store={server.store}>
      <SelectImageDialog {...props} />
    </MediaTestProviders>,
  );
  return { props, server };
}

const dialog = () => screen.getByRole('dialog', { name: 'select image' });
const rowOf = (name: string) => screen.getByText(name).closest('[role="row"]') as HTMLElement;

describe('SelectImageDialog (§2)', () => {
  it('lists the directory with the five columns, tags comma-joined, and the upload link', async () => {
    const { props, server } = setup();
    await screen.findByText('sofa.png');
    for (const header of ['file name', 'file picture', 'creation date', 'reference count', 'tags']) {
      expect(within(dialog()).getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    expect(within(rowOf('sofa.png')).getByText('sofa,living room')).toBeInTheDocument();
    expect(within(rowOf('sofa.png')).getByText('2026-01-01 00:00:01')).toBeInTheDocument();
    expect(screen.queryByText('logo.png')).not.toBeInTheDocument();
    expect(server.queries[0]).toMatchObject({ path: '/noWatermark', pageNum: 1, pageSize: 5 });
    await userEvent.click(screen.getByRole('button', { name: 'no file you want? click to upload to the current directory' }));
    expect(props.onUploadClick).toHaveBeenCalled();
  });

  it('searches by keyword and by reference count, and resets', async () => {
    const { server } = setup();
    await screen.findByText('sofa.png');
    await userEvent.type(screen.getByRole('textbox', { name: 'keyword' }), 'LAMP');
    await userEvent.click(screen.getByRole('button', { name: /search/i }));
    await waitFor(() => expect(screen.queryByText('sofa.png')).not.toBeInTheDocument());
    expect(screen.getByText('lamp.png')).toBeInTheDocument();
    expect(server.queries.at(-1)).toMatchObject({ searchKey: 'LAMP' });
    await userEvent.click(screen.getByRole('button', { name: /reset/i }));
    await userEvent.type(screen.getByRole('textbox', { name: 'reference count' }), '2');
    await userEvent.click(screen.getByRole('button', { name: /search/i }));
    await waitFor(() => expect(screen.queryByText('lamp.png')).not.toBeInTheDocument());
    expect(server.queries.at(-1)).toMatchObject({ referenceCount: '2' });
  });

  it('keeps a temporary selection (one row in single mode) and confirms it', async () => {
    const { props } = setup();
    await screen.findByText('sofa.png');
    await userEvent.click(screen.getByRole('checkbox', { name: 'choose sofa.png' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'choose lamp.png' }));
    expect(screen.getByRole('checkbox', { name: 'choose sofa.png' })).not.toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'confirm' }));
    expect(props.onConfirm).toHaveBeenCalledWith([expect.objectContaining({ fileId: 2 })]);
    expect(props.onClose).toHaveBeenCalled();
  });

  it('chooses several rows in multiple mode; cancel confirms nothing and the backdrop does not close', async () => {
    const { props } = setup({ multiple: true });
    await screen.findByText('sofa.png');
    await userEvent.click(screen.getByRole('checkbox', { name: 'choose sofa.png' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'choose lamp.png' }));
    await userEvent.click(document.querySelector('.MuiBackdrop-root') as HTMLElement);
    expect(props.onClose).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'confirm' }));
    expect(props.onConfirm).toHaveBeenCalledWith([expect.objectContaining({ fileId: 1 }), expect.objectContaining({ fileId: 2 })]);
  });

  it('opens the image preview and the video player from the picture column', async () => {
    setup();
    await screen.findByText('sofa.png');
    await userEvent.click(within(rowOf('sofa.png')).getByRole('button', { name: 'sofa.png' }));
    const preview = await screen.findByRole('dialog', { name: 'image preview' });
    expect(within(preview).getByRole('img', { name: 'sofa.png' })).toHaveAttribute('src', 'https://cdn.test/sofa.png');
    await userEvent.click(within(preview).getByRole('button', { name: 'close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'image preview' })).not.toBeInTheDocument());
    await userEvent.click(within(rowOf('intro.mp4')).getByRole('button', { name: 'intro.mp4' }));
    const player = await screen.findByRole('dialog', { name: 'video player' });
    expect(player.querySelector('video')).toHaveAttribute('src', 'https://cdn.test/intro.mp4');
  });
});
