import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

/**
 * Fills the expert application with valid answers (Skywatch, 12 years, 4 questions a week at
 * $300, no website) and sends it.
 */
export async function sendExpertApplication(): Promise<void> {
  await userEvent.type(await screen.findByLabelText('Brand name'), 'Skywatch');
  await userEvent.type(screen.getByLabelText(/^Bio/), 'b'.repeat(60));
  await userEvent.type(screen.getByLabelText('Credentials'), 'Twenty years of FOIA work');
  await userEvent.type(screen.getByLabelText('Area of expertise'), 'Radar and pilots');
  await userEvent.type(screen.getByLabelText('Years of experience'), '12');
  await userEvent.type(screen.getByLabelText('Questions per week'), '4');
  await userEvent.type(screen.getByLabelText('Weekly rate (USD)'), '300');
  await userEvent.click(screen.getByRole('button', { name: 'Submit Application' }));
}
