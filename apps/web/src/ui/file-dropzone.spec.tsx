import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FileDropzone } from './file-dropzone';

function renderDropzone(disabled: boolean) {
  const onFiles = vi.fn();
  const view = render(
    <FileDropzone
      onFiles={onFiles}
      disabled={disabled}
      accept="image/png,.png"
      inputLabel="Choose pictures"
      testId="zone"
      inputTestId="zone-input"
      layout="stacked"
    >
      {({ dragging }) => <span>{dragging ? 'Let go to add' : 'Drop pictures here'}</span>}
    </FileDropzone>,
  );
  return { onFiles, view };
}

const picture = new File(['png'], 'a.png', { type: 'image/png' });

describe('the file dropzone', () => {
  it('takes dropped files, saying so while they are held over it', () => {
    const { onFiles } = renderDropzone(false);
    const zone = screen.getByTestId('zone');
    fireEvent.dragOver(zone, { dataTransfer: { files: [picture], dropEffect: 'none' } });
    expect(screen.getByText('Let go to add')).toBeTruthy();
    fireEvent.drop(zone, { dataTransfer: { files: [picture] } });
    expect(onFiles).toHaveBeenCalledExactlyOnceWith([picture]);
    expect(screen.getByText('Drop pictures here')).toBeTruthy();
  });

  it('takes picked files, and the same file picked again', () => {
    const { onFiles } = renderDropzone(false);
    const input = screen.getByLabelText('Choose pictures') as HTMLInputElement;
    expect(input.accept).toBe('image/png,.png');
    fireEvent.change(input, { target: { files: [picture] } });
    fireEvent.change(input, { target: { files: [picture] } });
    expect(onFiles).toHaveBeenCalledTimes(2);
  });

  it('ignores drops and cannot be pressed while disabled', () => {
    const { onFiles } = renderDropzone(true);
    fireEvent.drop(screen.getByTestId('zone'), { dataTransfer: { files: [picture] } });
    expect(onFiles).not.toHaveBeenCalled();
    expect((screen.getByRole('button') as HTMLButtonElement).disabled).toBe(true);
  });
});
