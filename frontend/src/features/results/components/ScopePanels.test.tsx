import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeScope } from '@/test/factories';
import { BorderlineCaution, EmergencyPanel, NotSearchedPanel, telHref } from './ScopePanels';

describe('EmergencyPanel', () => {
  it('gives the message and every number by region as a tel: link', () => {
    render(<EmergencyPanel scope={makeScope('emergency')} question="I have chest pain right now" />);
    const panel = screen.getByTestId('emergency');
    expect(panel).toHaveAttribute('role', 'alert');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('This may be an emergency');
    expect(panel).toHaveTextContent('Call your local emergency number now.');
    const list = screen.getByRole('list', { name: 'Emergency numbers by region' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(4);
    expect(within(list).getByRole('link', { name: 'Call 112' })).toHaveAttribute('href', 'tel:112');
    expect(within(list).getByText('Suicide and crisis line (US)').parentElement).toHaveTextContent('Call 988');
  });

  it('dials only digits and a leading plus', () => {
    expect(telHref('+44 (0) 20 7946')).toBe('tel:+440207946');
    expect(telHref('1-800-273-8255')).toBe('tel:18002738255');
  });
});

describe('NotSearchedPanel', () => {
  it('personal: says why, and offers the underlying research question as a search', async () => {
    const onAsk = vi.fn();
    render(<NotSearchedPanel scope={makeScope('personal')} question="How much ibuprofen can I give my 3-year-old?" onAsk={onAsk} asking={false} />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Studies cannot answer this for you');
    expect(screen.getByTestId('scope-notice')).toHaveTextContent('ask a pharmacist or read the label');
    await userEvent.click(screen.getByRole('button', { name: 'Search the research: Is ibuprofen safe for young children?' }));
    expect(onAsk).toHaveBeenCalledWith('Is ibuprofen safe for young children?');
    expect(screen.getByTestId('disclaimer')).toBeInTheDocument();
  });

  it.each(['off_topic', 'nonsense'] as const)('%s: says so, lists what the library covers and starts an example search', async (kind) => {
    const onAsk = vi.fn();
    const scope = makeScope(kind);
    render(<NotSearchedPanel scope={scope} question="Who won the 1998 World Cup?" onAsk={onAsk} asking={false} />);
    expect(screen.getByTestId('scope-notice')).toHaveTextContent(scope.message);
    expect(within(screen.getByTestId('scope-covers')).getByText('migraine treatments')).toBeInTheDocument();
    await userEvent.click(within(screen.getByTestId('scope-examples')).getByRole('button', { name: 'Does sumatriptan relieve migraine?' }));
    expect(onAsk).toHaveBeenCalledWith('Does sumatriptan relieve migraine?');
  });

  it('disables the example searches while one is being started', () => {
    render(<NotSearchedPanel scope={makeScope('off_topic')} question="q" onAsk={vi.fn()} asking />);
    for (const button of within(screen.getByTestId('scope-examples')).getAllByRole('button')) expect(button).toBeDisabled();
  });
});

it('borderline: shows its caution, and nothing when the guard gave none', () => {
  const { rerender } = render(<BorderlineCaution scope={makeScope('borderline')} />);
  expect(screen.getByTestId('scope-caution')).toHaveTextContent('Caution: This question is close to personal medical advice');
  rerender(<BorderlineCaution scope={makeScope('borderline', { message: '' })} />);
  expect(screen.queryByTestId('scope-caution')).not.toBeInTheDocument();
});
