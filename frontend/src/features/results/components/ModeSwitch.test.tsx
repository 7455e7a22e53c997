import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ModeSwitch } from './ModeSwitch';

describe('ModeSwitch', () => {
  it('shows the current mode pressed and reports a change, not a click on the current one', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<ModeSwitch mode="lay" onChange={onChange} />);
    const lay = screen.getByRole('button', { name: 'Plain language' });
    const clinician = screen.getByRole('button', { name: 'Clinician' });
    expect(lay).toHaveAttribute('aria-pressed', 'true');
    expect(clinician).toHaveAttribute('aria-pressed', 'false');
    await user.click(lay);
    expect(onChange).not.toHaveBeenCalled();
    await user.click(clinician);
    expect(onChange).toHaveBeenCalledWith('clinician');
  });
});
