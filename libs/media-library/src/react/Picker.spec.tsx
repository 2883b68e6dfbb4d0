/**
 * @jest-environment jsdom
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UiKitLocaleProvider } from '@merchant/ui-kit';
import type { LibraryFile } from '../picker/selection';
import { Picker, type PickerProps } from './Picker';

const img = (id: number): LibraryFile => ({ fileId: id, objectName: `img${id}.png`, objectUrl: `https://cdn.test/${id}.png` });

function renderPicker(props: Partial<PickerProps>) {
  const all: PickerProps = { value: [], onChange: jest.fn(), onAdd: jest.fn(), ...props };
  render(
    <UiKitLocaleProvider locale="en-US">
      <Picker {...all} />
    </UiKitLocaleProvider>,
  );
  return all;
}

describe('Picker (§2)', () => {
  it('shows the default select image button when empty', async () => {
    const props = renderPicker({});
    await userEvent.click(screen.getByRole('button', { name: 'select image' }));
    expect(props.onAdd).toHaveBeenCalled();
  });

  it('hides the add trigger in single mode once something is selected', () => {
    renderPicker({ value: [img(1)] });
    expect(screen.queryByRole('button', { name: 'select image' })).not.toBeInTheDocument();
  });

  it('shows the add card in multiple mode below the limit only', () => {
    renderPicker({ value: [img(1)], multiple: true, limit: 2, trigger: 'card' });
    expect(screen.getByRole('button', { name: /click to upload/ })).toBeInTheDocument();
  });

  it('hides the add card at the limit', () => {
    renderPicker({ value: [img(1), img(2)], multiple: true, limit: 2, trigger: 'card' });
    expect(screen.queryByRole('button', { name: /click to upload/ })).not.toBeInTheDocument();
  });

  it('removes and previews items, with captions', async () => {
    const onPreview = jest.fn();
    const props = renderPicker({ value: [img(1), img(2)], multiple: true, onPreview, showFileName: true });
    expect(screen.getByText('img2.png')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'zoom in img2.png' }));
    expect(onPreview).toHaveBeenCalledWith(img(2));
    await userEvent.click(screen.getByRole('button', { name: 'remove img1.png' }));
    expect(props.onChange).toHaveBeenCalledWith([img(2)]);
  });

  it('makes items draggable only when there is more than one', () => {
    const { unmount } = render(<Picker value={[img(1)]} onChange={jest.fn()} onAdd={jest.fn()} />);
    expect(screen.queryByRole('button', { name: /drag to reorder|拖动排序/ })).not.toBeInTheDocument();
    unmount();
    renderPicker({ value: [img(1), img(2)], multiple: true });
    expect(screen.getAllByRole('button', { name: /drag to reorder/ })).toHaveLength(2);
  });
});
