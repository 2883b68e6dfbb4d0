/**
 * @jest-environment jsdom
 */
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createMediaListServer, libraryFile, MediaTestProviders } from '../../test/media-test-kit';
import type { LibraryFile } from '../picker/selection';
import { MediaPicker, pickerFiles, type MediaPickerProps, type MediaPickerValue } from './MediaPicker';

const FILES = [
  libraryFile(1, 'a.png'),
  libraryFile(2, 'b.png'),
  libraryFile(3, 'c.png'),
  libraryFile(4, 'clip.mp4'),
  libraryFile(9, 'stamped.png', { path: '/watermark' }),
];

const noCalls = {
  calls: {
    verify: async () => ({ list: [] }),
    upload: async () => ({ successList: [], errorIndex: [] }),
    callback: async () => null,
  },
};

function setup(props: Partial<MediaPickerProps> & { initial?: MediaPickerValue } = {}) {
  const server = createMediaListServer(FILES);
  const changes: MediaPickerValue[] = [];
  const onNotice = jest.fn();
  function Harness() {
    const [value, setValue] = useState<MediaPickerValue>(props.initial ?? {});
    return (
      <MediaPicker
        endpoint={server.endpoint}
        upload={noCalls}
        onNotice={onNotice}
        showFileName
        {...props}
        value={value}
        onChange={(next) => {
          changes.push(next);
          setValue(next);
        }}
      />
    );
  }
  render(
    <MediaTestProviders store={server.store}>
      <Harness />
    </MediaTestProviders>,
  );
  return { server, changes, onNotice };
}

async function choose(names: string[]) {
  await userEvent.click(screen.getByRole('button', { name: /select image|click to upload/ }));
  for (const name of names) await userEvent.click(await screen.findByRole('checkbox', { name: `choose ${name}` }));
  await userEvent.click(screen.getByRole('button', { name: 'confirm' }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'select image' })).not.toBeInTheDocument());
}

describe('MediaPicker (§2, §4, §5)', () => {
  it('single mode: the chosen file replaces the value; removing it leaves {}', async () => {
    const { changes } = setup({ initial: FILES[0] });
    expect(screen.getByText('a.png')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'remove a.png' }));
    expect(changes.at(-1)).toEqual({});
    await choose(['b.png']);
    expect(changes.at(-1)).toMatchObject({ fileId: 2 });
    expect(Array.isArray(changes.at(-1))).toBe(false);
  });

  it('multiple mode appends, cuts to the limit with its warning, and hides the add card at the limit', async () => {
    const { changes, onNotice } = setup({ multiple: true, limit: 2, trigger: 'card', initial: [FILES[0] as LibraryFile] });
    await choose(['b.png', 'c.png']);
    expect(pickerFiles(changes.at(-1)).map((file) => file.fileId)).toEqual([1, 2]);
    expect(onNotice).toHaveBeenCalledWith('warning', 'the number of selected images exceeds the limit, only 2 can be uploaded');
    expect(screen.queryByRole('button', { name: /click to upload/ })).not.toBeInTheDocument();
  });

  it.each([
    ['img', 'clip.mp4', 'only images can be selected'],
    ['video', 'a.png', 'only videos can be selected'],
  ] as const)('chooseFileType %s refuses other files with its message', async (chooseFileType, name, message) => {
    const { changes, onNotice } = setup({ multiple: true, chooseFileType });
    await choose([name]);
    expect(changes.at(-1)).toEqual([]);
    expect(onNotice).toHaveBeenCalledWith('warning', message);
  });

  it('with a judgment value, opens only when it has a cityCode; otherwise warns with its placeholder', async () => {
    const { onNotice } = setup({ judgmentValue: { cityCode: '', placeholder: 'please select a city first' } });
    await userEvent.click(screen.getByRole('button', { name: 'select image' }));
    expect(onNotice).toHaveBeenCalledWith('warning', 'please select a city first');
    expect(screen.queryByRole('dialog', { name: 'select image' })).not.toBeInTheDocument();
  });

  it('opens with a cityCode, and lists /watermark when imgSize or a watermark is set', async () => {
    const { server } = setup({ judgmentValue: { cityCode: '310100', placeholder: 'city' }, imgSize: 2 });
    await userEvent.click(screen.getByRole('button', { name: 'select image' }));
    expect(await screen.findByText('stamped.png')).toBeInTheDocument();
    expect(server.queries.at(-1)).toMatchObject({ path: '/watermark' });
  });

  it('auto-select: no dialog shows, the chooser opens after 200 ms, the uploaded files become the value', async () => {
    jest.useFakeTimers();
    const clicks = jest.spyOn(HTMLInputElement.prototype, 'click').mockImplementation(() => undefined);
    try {
      const uploaded = libraryFile(77, 'new.png');
      const calls = {
        verify: async () => ({ list: [{ fileId: 77, exists: true }] }),
        upload: async () => ({ successList: [{ fileId: 77, dynamicTags: [] }], errorIndex: [] }),
        callback: async () => ({ list: [uploaded] }),
      };
      const { changes } = setup({ autoSelect: true, upload: { calls, hasher: async () => 'f'.repeat(32) } });
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      await user.click(screen.getByRole('button', { name: 'select image' }));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      act(() => jest.advanceTimersByTime(199));
      expect(clicks).not.toHaveBeenCalled();
      act(() => jest.advanceTimersByTime(1));
      expect(clicks).toHaveBeenCalledTimes(1);
      await user.upload(screen.getByTestId('media-file-input'), new File(['x'], 'new.png', { type: 'image/png' }));
      await waitFor(() => expect(changes.at(-1)).toMatchObject({ fileId: 77 }));
    } finally {
      clicks.mockRestore();
      jest.useRealTimers();
    }
  });
});
