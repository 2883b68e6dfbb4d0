// kind 'region': province → city → district, chained selects (ui-kit Cascader) over store init's shared city
// list (one fetch for the whole console: app/storeInit.ts). The value is the deepest chosen cityCode (six
// digits, the contracts' digitsPattern(6)); the selects show the path of names down to it. A region with
// levels below it is not a value yet: the field stays empty until the merchant reaches the last level.
import { useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { Cascader, type CascaderOption } from '@merchant/ui-kit';
import { useCityListQuery, type City } from '../../app/storeInit';
import type { ResourceFormInputProps, ResourceRegionDepth } from '../types';
import { useFieldControl } from './useFieldControl';

/** The three levels of the §3 city list. */
const DEFAULT_DEPTH: ResourceRegionDepth = 3;

/** The city list as an option tree: top-level regions first, each with its children down to `depth` levels. */
export function regionOptions(cities: readonly City[], depth: ResourceRegionDepth): CascaderOption[] {
  const codes = new Set(cities.map((city) => city.cityCode));
  const childrenOf = new Map<string, City[]>();
  for (const city of cities) {
    // A city whose parent is not in the list is a top-level region (the list's roots have parentCode '0').
    const parent = codes.has(city.parentCode) ? city.parentCode : '';
    childrenOf.set(parent, [...(childrenOf.get(parent) ?? []), city]);
  }
  const build = (parent: string, level: number): CascaderOption[] =>
    (childrenOf.get(parent) ?? []).map((city) => {
      const children = level < depth ? build(city.cityCode, level + 1) : [];
      return { value: city.cityCode, label: city.cityName, children: children.length > 0 ? children : undefined };
    });
  return build('', 1);
}

/** The codes from the top-level region down to `cityCode` ([] when it is not in the list). */
export function regionPath(cities: readonly City[], cityCode: string): string[] {
  const byCode = new Map(cities.map((city) => [city.cityCode, city]));
  const path: string[] = [];
  for (let city = byCode.get(cityCode); city && !path.includes(city.cityCode); city = byCode.get(city.parentCode)) path.unshift(city.cityCode);
  return path;
}

/** The path ends on an option without children (the field's deepest level, or a region with nothing below it). */
function isLastLevel(options: readonly CascaderOption[], path: readonly string[]): boolean {
  let level: readonly CascaderOption[] | undefined = options;
  let last: CascaderOption | undefined;
  for (const code of path) {
    last = level?.find((option) => String(option.value) === code);
    level = last?.children;
  }
  return Boolean(last) && !last?.children?.length;
}

export function RegionFormField({ field, required, disabled, context }: ResourceFormInputProps) {
  const control = useFieldControl(field);
  const cityList = useCityListQuery();
  const cities = useMemo(() => cityList.data ?? [], [cityList.data]);
  const options = useMemo(() => regionOptions(cities, field.regionDepth ?? DEFAULT_DEPTH), [cities, field.regionDepth]);
  // The levels chosen on the way down, before the last one makes them a value.
  const [partial, setPartial] = useState<string[]>([]);
  const path = typeof control.value === 'string' && control.value ? regionPath(cities, control.value) : partial;
  const { t } = context;
  const failed = Boolean(cityList.error) && cities.length === 0;
  const helperText = control.helperText ?? (cityList.isLoading ? t('resourceKit.fields.regionLoading') : failed ? t('resourceKit.fields.regionLoadFailed') : undefined);
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
      <Cascader
        id={control.id}
        label={control.label}
        levelLabel={(depth) => t(depth === 1 ? 'resourceKit.fields.regionCity' : 'resourceKit.fields.regionDistrict')}
        emptyLabel={t('resourceKit.fields.notChosen')}
        size="small"
        options={options}
        value={path}
        onChange={(chosen) => {
          setPartial(chosen);
          control.onChange(isLastLevel(options, chosen) ? chosen.at(-1) : undefined);
        }}
        onBlur={control.onBlur}
        inputRef={control.ref}
        required={required}
        disabled={disabled || cityList.isLoading}
        error={Boolean(control.error) || failed}
        helperText={helperText}
      />
      {failed && (
        <Button type="button" size="small" onClick={() => void cityList.refetch()}>
          {t('resourceKit.retry')}
        </Button>
      )}
    </Stack>
  );
}
