// The delivery range screens (issue 27 §5): the list of ranges in force or to come, the add / edit form drawn from
// deliveryRanges.tsx's definition, and the ineffective ranges.
import { useTranslation } from 'react-i18next';
import Typography from '@mui/material/Typography';
import { ResourceFormPage, ResourceListPage } from '../../../resource-kit';
import { deliveryRanges, ineffectiveRanges } from './deliveryRanges';

function Intro({ textKey }: { textKey: string }) {
  const { t } = useTranslation();
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
      {t(textKey)}
    </Typography>
  );
}

export const DeliveryRangeListPage = () => <ResourceListPage resource={deliveryRanges} header={<Intro textKey="shopDeliveryRange.intro" />} />;
export const IneffectiveRangeListPage = () => <ResourceListPage resource={ineffectiveRanges} header={<Intro textKey="shopDeliveryRange.ineffectIntro" />} />;
export const DeliveryRangeFormPage = () => <ResourceFormPage resource={deliveryRanges} createTitleKey="shopDeliveryRange.menu.add" editTitleKey="shopDeliveryRange.menu.edit" />;
