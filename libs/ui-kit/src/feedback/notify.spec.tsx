import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SnackbarProvider, useNotify } from './notify';

function Buttons() {
  const notify = useNotify();
  return (
    <>
      <button type="button" onClick={() => notify.success('saved')}>ok</button>
      <button type="button" onClick={() => notify.error('not saved')}>fail</button>
    </>
  );
}

describe('snackbars in one place', () => {
  it('shows success and error snackbars from useNotify', async () => {
    render(
      <SnackbarProvider>
        <Buttons />
      </SnackbarProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'ok' }));
    expect(await screen.findByText('saved')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'fail' }));
    expect(await screen.findByText('not saved')).toBeInTheDocument();
    expect(screen.getByText('not saved').closest('.notistack-MuiContent')).toHaveClass('notistack-MuiContent-error');
  });
});
