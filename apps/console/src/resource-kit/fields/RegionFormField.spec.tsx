// kind 'region': province → city → district over store init's city list, the value the last level's cityCode.
import { screen, waitFor, within } from '@testing-library/react';
import { z } from 'zod';
import { commonEndpoints, digitsPattern } from '@merchant/api-contracts';
import { createFakeStoreServer } from '../../../test/fakeStoreServer';
import { storeInitApi } from '../../app/storeInit';
import { onContract } from '../contractFake';
import type { ResourceFormField } from '../types';
import { renderFieldForm } from './fieldForm.testing';
import { regionOptions, regionPath } from './RegionFormField';

const CITIES = [
  { cityCode: '440000', parentCode: '0', cityName: 'Guangdong', level: 1 },
  { cityCode: '440300', parentCode: '440000', cityName: 'Shenzhen', level: 2 },
  { cityCode: '440305', parentCode: '440300', cityName: 'Nanshan', level: 3 },
  { cityCode: '440306', parentCode: '440300', cityName: 'Bao an', level: 3 },
  { cityCode: '330000', parentCode: '0', cityName: 'Zhejiang', level: 1 },
  { cityCode: '330100', parentCode: '330000', cityName: 'Hangzhou', level: 2 },
];

const FIELD: ResourceFormField = { name: 'cityCode', labelKey: 'registered.shopMsg.address', kind: 'region' };
const SCHEMA = z.object({ cityCode: z.string().regex(digitsPattern(6)) });

function serverWithCities(answer: () => { list: typeof CITIES } = () => ({ list: CITIES })) {
  const server = createFakeStoreServer();
  onContract(server, commonEndpoints.cities, answer);
  return server;
}

describe('region field', () => {
  it('builds the levels from the city list and finds the path of a code', () => {
    const options = regionOptions(CITIES, 3);
    expect(options.map((option) => option.label)).toEqual(['Guangdong', 'Zhejiang']);
    expect(options[0]?.children?.[0]?.children?.map((option) => option.value)).toEqual(['440305', '440306']);
    expect(regionOptions(CITIES, 2)[0]?.children?.[0]?.children).toBeUndefined();
    expect(regionPath(CITIES, '440305')).toEqual(['440000', '440300', '440305']);
    expect(regionPath(CITIES, '999999')).toEqual([]);
  });

  it('is chosen by keyboard alone down to the district, and the form gets its cityCode', async () => {
    const server = serverWithCities();
    const { user, save, sent } = renderFieldForm({ field: FIELD, schema: SCHEMA, server });
    const province = await screen.findByRole('combobox', { name: /Business address/ });
    await waitFor(() => expect(province).not.toHaveAttribute('aria-disabled'));
    await user.tab();
    expect(province).toHaveFocus();
    await user.keyboard('{Enter}{ArrowDown}{Enter}');
    await user.tab();
    const city = screen.getByRole('combobox', { name: 'City' });
    expect(city).toHaveFocus();
    await user.keyboard('{Enter}{ArrowDown}{Enter}');
    await user.tab();
    await user.keyboard('{Enter}{ArrowDown}{Enter}');
    expect(screen.getByRole('combobox', { name: 'District' })).toHaveTextContent('Nanshan');
    await save();
    await waitFor(() => expect(sent()).toEqual([{ cityCode: '440305' }]));
    // The shared list of store init: asked once, not by the field on its own.
    expect(server.callsTo(commonEndpoints.cities.path)).toHaveLength(1);
  });

  it('shows a stored code as its path of names, from the list store init already holds', async () => {
    const server = serverWithCities();
    const { app } = renderFieldForm({ field: FIELD, schema: SCHEMA, server, defaults: { cityCode: '440306' } });
    expect(await screen.findByRole('combobox', { name: 'District' })).toHaveTextContent('Bao an');
    expect(screen.getByRole('combobox', { name: /Business address/ })).toHaveTextContent('Guangdong');
    expect(screen.getByRole('combobox', { name: 'City' })).toHaveTextContent('Shenzhen');
    // The field read the same cache entry store init fills.
    expect(storeInitApi.endpoints.cityList.select()(app.store.getState()).data).toHaveLength(CITIES.length);
  });

  it('stays empty until the last level is chosen: a submit is refused with the reason under the field (en-US)', async () => {
    const { user, save, sent } = renderFieldForm({ field: FIELD, schema: SCHEMA, server: serverWithCities() });
    const province = await screen.findByRole('combobox', { name: /Business address/ });
    await waitFor(() => expect(province).not.toHaveAttribute('aria-disabled'));
    await user.click(province);
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Guangdong' }));
    await save();
    await waitFor(() => expect(province).toHaveAttribute('aria-invalid', 'true'));
    expect(province).toHaveAccessibleDescription('Business address is required');
    // The first invalid field is focused.
    expect(province).toHaveFocus();
    expect(sent()).toEqual([]);
  });

  it('says the problem and the level names in zh-CN', async () => {
    const { user, save } = renderFieldForm({ field: FIELD, schema: SCHEMA, server: serverWithCities(), language: 'zh-CN' });
    const province = await screen.findByRole('combobox', { name: /经营地址/ });
    await waitFor(() => expect(province).not.toHaveAttribute('aria-disabled'));
    await user.click(province);
    expect(within(screen.getByRole('listbox')).getByRole('option', { name: '未选择' })).toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: 'Guangdong' }));
    expect(screen.getByRole('combobox', { name: '城市' })).toBeInTheDocument();
    await save();
    await waitFor(() => expect(province).toHaveAccessibleDescription('请选择经营地址'));
  });

  it('says when the city list could not be loaded and loads it again on Retry', async () => {
    let fail = true;
    const server = createFakeStoreServer();
    server.on(commonEndpoints.cities.path, () => (fail ? { code: '99999999', msg: 'server busy', data: null } : { code: '00000000', msg: 'success', data: { list: CITIES } }));
    const { user } = renderFieldForm({ field: FIELD, schema: SCHEMA, server });
    expect(await screen.findByText('The region list could not be loaded')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    const province = await screen.findByRole('combobox', { name: /Business address/ });
    await waitFor(() => expect(province).not.toHaveAttribute('aria-disabled'));
    expect(screen.queryByText('The region list could not be loaded')).not.toBeInTheDocument();
  });
});
