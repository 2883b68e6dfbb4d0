// The freight template screens (issue 27 §1): the list, the add / edit form (with the duplicate-region warning)
// drawn from freightTemplates.tsx's definition, and the tester.
import type { Control } from 'react-hook-form';
import { ResourceFormPage, ResourceListPage } from '../../../resource-kit';
import { DuplicateRegionsWarning, type FreightFormValues } from './freightForm';
import { freightTemplates } from './freightTemplates';

export { FreightTesterPage } from './FreightTesterPage';

export const FreightListPage = () => <ResourceListPage resource={freightTemplates} />;
export const FreightFormPage = () => (
  <ResourceFormPage
    resource={freightTemplates}
    createTitleKey="shopFreight.menu.add"
    editTitleKey="shopFreight.menu.edit"
    afterFields={(engine) => <DuplicateRegionsWarning control={engine.form.control as unknown as Control<FreightFormValues>} />}
  />
);
