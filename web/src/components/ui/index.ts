// The console's UI kit: presentational only (no data fetching), one import path for features.
export { Button, buttonClassName, type ButtonProps, type ButtonVariant } from './button';
export { TextField, type TextFieldProps } from './text-field';
export { TextAreaField, type TextAreaFieldProps } from './text-area-field';
export { SelectField, type SelectFieldProps, type SelectOption } from './select-field';
export { CheckboxField, type CheckboxFieldProps } from './checkbox-field';
export { RadioGroup, type RadioGroupProps, type RadioOption } from './radio-group';
export { Combobox, type ComboboxProps, type ComboboxOption } from './combobox';
export { Badge, type BadgeProps, type BadgeTone, type BadgeToneEntry } from './badge';
export { Card, type CardProps } from './card';
export { DataTable, type DataTableColumn, type DataTableProps } from './data-table';
export { Skeleton, SkeletonRows } from './skeleton';
export { EmptyState } from './empty-state';
export { ErrorState } from './error-state';
export { CopyButton, CopyableText } from './copy-button';
export { Dialog, type DialogProps } from './dialog';
export { ToastProvider, useToast, type ToastTone } from './toast';
export { DecimalText } from './decimal-text';
export { DateTime } from './date-time';
export { Notice } from './notice';
export { PageHeader } from './page-header';
export {
  FeeQuoteDetails,
  type FeeQuoteDetailsProps,
  type FeeQuoteViewState,
} from './fee-quote-details';
