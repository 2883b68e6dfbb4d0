// The cartage template screens (issue 27 §2): the list and the add / edit form drawn from cartageTemplates.tsx's
// definition, with the sample quote and the platform's reference prices under the form.
import type { Control } from 'react-hook-form';
import { ResourceFormPage, ResourceListPage } from '../../../resource-kit';
import { CartageFormAside, type CartageFormValues } from './cartageForm';
import { cartageTemplates } from './cartageTemplates';

export const CartageListPage = () => <ResourceListPage resource={cartageTemplates} />;
export const CartageFormPage = () => (
  <ResourceFormPage
    resource={cartageTemplates}
    createTitleKey="shopCartage.menu.add"
    editTitleKey="shopCartage.menu.edit"
    afterFields={(engine) => <CartageFormAside control={engine.form.control as unknown as Control<CartageFormValues>} />}
  />
);
