import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ProjectNameEditor } from './project-name-editor';

function renderEditor() {
  const onRename = vi.fn();
  render(
    <div>
      <ProjectNameEditor name="Grandma Rose" onRename={onRename} />
      <button type="button">Elsewhere</button>
    </div>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Rename Grandma Rose' }));
  return { onRename, input: screen.getByRole('textbox', { name: 'Project name' }) };
}

describe('ProjectNameEditor', () => {
  it('saves on Enter, once', () => {
    const { onRename, input } = renderEditor();
    fireEvent.change(input, { target: { value: '  Rose at 90  ' } });
    fireEvent.submit(input);
    expect(onRename).toHaveBeenCalledTimes(1);
    expect(onRename).toHaveBeenCalledWith('Rose at 90');
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('saves when focus leaves the field', () => {
    const { onRename, input } = renderEditor();
    fireEvent.change(input, { target: { value: 'Summer 1975' } });
    fireEvent.blur(input);
    expect(onRename).toHaveBeenCalledWith('Summer 1975');
  });

  it('cancels on Escape', () => {
    const { onRename, input } = renderEditor();
    fireEvent.change(input, { target: { value: 'Something else' } });
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(onRename).not.toHaveBeenCalled();
    expect(screen.getByRole('heading', { name: 'Grandma Rose' })).toBeTruthy();
  });

  it.each(['Grandma Rose', '   '])('closes without a call when the name is %j', (value) => {
    const { onRename, input } = renderEditor();
    fireEvent.change(input, { target: { value } });
    fireEvent.submit(input);
    expect(onRename).not.toHaveBeenCalled();
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('keeps editing and explains a name the rules refuse', () => {
    const { onRename, input } = renderEditor();
    fireEvent.change(input, { target: { value: 'Tom & Jerry' } });
    fireEvent.submit(input);
    expect(onRename).not.toHaveBeenCalled();
    expect(screen.getByText('Project name contains invalid characters')).toBeTruthy();
  });
});
