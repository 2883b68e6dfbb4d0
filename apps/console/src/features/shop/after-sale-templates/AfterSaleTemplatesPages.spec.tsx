// After-sale explanation templates in the whole console against the fake store server (answers checked against the
// contract): the list with goods counts; add with the format buttons, a script in the text never reaching the page
// (preview and list both drawn from the sanitised text); a template goods use asks, then shows the server's refusal
// with the count and stays; an unused one is deleted after confirming.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterSaleTemplateEndpoints as E } from '@merchant/api-contracts';
import { DEMO_OWNER, createFakeStoreServer } from '../../../../test/fakeStoreServer';
import { renderSignedIn } from '../../../../test/renderConsole';
import { installInertWorker } from '../../../../test/inertWorker';
import { fakeAfterSaleTemplate, fakeAfterSaleTemplates } from './afterSaleTemplatesFake';

installInertWorker();
afterEach(() => window.sessionStorage.clear());
jest.setTimeout(90_000);

const PATH = '/shop/afterSale/afterSaleTenMaintenance';

describe('/shop/afterSale/afterSaleTenMaintenance', () => {
  it('adds a template whose script never reaches the page, and shows it sanitised', async () => {
    const server = createFakeStoreServer([DEMO_OWNER]);
    const { templates } = fakeAfterSaleTemplates(server, [fakeAfterSaleTemplate(1, 'Tiles', '<p>7 days</p>', 2)]);
    const { user } = await renderSignedIn({ server, path: PATH });
    await screen.findByRole('heading', { name: 'After-sale explanation templates', level: 1 }, { timeout: 20_000 });
    const row = await screen.findByRole('row', { name: /Tiles/ });
    expect(row).toHaveTextContent('7 days');
    expect(row).toHaveTextContent('2');

    await user.click(screen.getByRole('button', { name: 'New template' }));
    const dialog = await screen.findByRole('dialog', { name: 'New after-sale template' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Enter the template name')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter the explanation')).toBeInTheDocument();
    expect(server.callsTo(E.addAfterSaleTemplate.path)).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: /Template name/ }), 'Sofa');
    const content = within(dialog).getByRole('textbox', { name: /Explanation/ });
    await user.click(within(dialog).getByRole('button', { name: 'Heading' }));
    fireEvent.change(content, { target: { value: '<h3>Returns</h3><p onclick="steal()">30 days</p><script>window.__ran = 1</script><img src=x onerror="window.__ran = 2">' } });
    const preview = within(dialog).getByTestId('after-sale-template-preview');
    expect(within(preview).getByRole('heading', { name: 'Returns', level: 3 })).toBeInTheDocument();
    expect(preview.querySelector('script, img, [onclick]')).toBeNull();
    expect(document.querySelector('script:not([src]), img[onerror]')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New after-sale template' })).not.toBeInTheDocument());
    expect(server.callsTo(E.addAfterSaleTemplate.path)[0]!.biz).toMatchObject({ name: 'Sofa' });
    expect(templates.find((t) => t.name === 'Sofa')!.content).toBe('<h3>Returns</h3><p>30 days</p>');
    const added = await screen.findByRole('row', { name: /Sofa/ });
    expect(added).toHaveTextContent('Returns 30 days');
    await user.click(within(added).getByRole('button', { name: 'Preview Sofa' }));
    const view = await screen.findByRole('dialog', { name: 'Sofa' });
    expect(within(view).getByText('30 days').tagName).toBe('P');
    expect((window as unknown as { __ran?: number }).__ran).toBeUndefined();
    expect(server.violations).toEqual([]);
  });

  it('asks before deleting; a template goods use stays with the refusal, an unused one goes', async () => {
    const server = createFakeStoreServer([DEMO_OWNER]);
    fakeAfterSaleTemplates(server, [fakeAfterSaleTemplate(1, 'Tiles', '<p>7 days</p>', 2), fakeAfterSaleTemplate(2, 'Spare', '<p>none</p>')]);
    const { user } = await renderSignedIn({ server, path: PATH });
    const used = await screen.findByRole('row', { name: /Tiles/ }, { timeout: 20_000 });
    await user.click(within(used).getByRole('button', { name: 'Delete Tiles' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete the after-sale template?' });
    expect(dialog).toHaveTextContent('2 goods use "Tiles", so it cannot be deleted');
    await user.click(within(dialog).getByRole('button', { name: /confirm/i }));
    expect(await screen.findByText('2 goods use this template, so it cannot be deleted; choose another template for them first')).toBeInTheDocument();
    await user.click(within(screen.getByRole('dialog', { name: 'Delete the after-sale template?' })).getByRole('button', { name: /cancel/i }));
    expect(await screen.findByRole('row', { name: /Tiles/ })).toBeInTheDocument();

    await user.click(within(screen.getByRole('row', { name: /Spare/ })).getByRole('button', { name: 'Delete Spare' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete the after-sale template?' });
    expect(dialog).toHaveTextContent('Delete "Spare"? This cannot be undone.');
    await user.click(within(dialog).getByRole('button', { name: /confirm/i }));
    await waitFor(() => expect(screen.queryByRole('row', { name: /Spare/ })).not.toBeInTheDocument());
    expect(server.callsTo(E.deleteAfterSaleTemplate.path).map((c) => c.biz)).toEqual([{ templateId: 1 }, { templateId: 2 }]);
  });
});
