import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { ChevronDown } from 'lucide-react';
import { type ComponentProps, type ReactNode, useState } from 'react';
import { type Control, Controller, type FieldPath, type Resolver, useForm } from 'react-hook-form';
import {
  COMMON_FEATURES,
  COUNCIL_TAX_BANDS,
  depositLimit,
  EPC_RATINGS,
  FURNISHING_OPTIONS,
  PETS_POLICIES,
} from '#shared/listing.ts';
import {
  type PropertyDto,
  type PropertyFormValues,
  type PropertyInput,
  propertyInputSchema,
} from '#shared/schemas/properties.ts';
import type { ViewingSettings } from '#shared/schemas/viewings.ts';
import { useFailureToast, useSaveProperty } from '#web/components/dashboard/dashboard-api.ts';
import { Button } from '#web/components/ui/button.tsx';
import { DateInput } from '#web/components/ui/date-input.tsx';
import { DialogFooter, DialogShell } from '#web/components/ui/dialog.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input, inputClassName, NumberInput } from '#web/components/ui/input.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { ApiError } from '#web/lib/api.ts';
import { queryKeys } from '#web/lib/query-keys.ts';
import { toast } from '#web/lib/toast.ts';
import { type PendingPhoto, PhotoPicker, uploadPhotos } from './photo-picker.tsx';
import {
  hasViewingOverrides,
  PropertyViewingsFields,
  toViewingFormValues,
} from './property-viewings-fields.tsx';

type PropertyFormDialogProps = {
  companyId: string;
  /** Open to add (`{ property: null }`) or edit (`{ property }`); null when closed. */
  state: { property: PropertyDto | null } | null;
  onClose: () => void;
};

export function PropertyFormDialog({ companyId, state, onClose }: PropertyFormDialogProps) {
  const property = state?.property ?? null;
  return (
    <DialogShell
      open={state !== null}
      onClose={onClose}
      className="sm:max-w-2xl"
      title={property ? 'Edit Property' : 'Add Property'}
      description={
        property
          ? 'Change the listing. Its AI agent link stays the same, so links you have shared keep working.'
          : 'Add a listing to get its own AI agent link. The agent answers tenants from these details.'
      }
    >
      {state ? (
        <PropertyForm
          key={property?.id ?? 'new'}
          companyId={companyId}
          property={property}
          onDone={onClose}
        />
      ) : null}
    </DialogShell>
  );
}

type FormValues = Omit<PropertyFormValues, 'numberOfBedrooms'> & { numberOfBedrooms?: number };

function toFormValues(property: PropertyDto | null): FormValues {
  return {
    propertyName: property?.propertyName ?? '',
    propertyAddress: property?.propertyAddress ?? '',
    propertyRentalPrice: property?.propertyRentalPrice ?? '',
    numberOfBedrooms: property?.numberOfBedrooms ?? undefined,
    parkingSpace: property?.parkingSpace ?? '',
    vacancyDate: property?.vacancyDate ?? '',
    landlord: property?.landlord ?? '',
    description: property?.description ?? '',
    furnishing: property?.furnishing ?? '',
    petsPolicy: property?.petsPolicy ?? '',
    billsIncluded: property?.billsIncluded ?? null,
    councilTaxBand: property?.councilTaxBand ?? '',
    epcRating: property?.epcRating ?? '',
    deposit: property?.deposit ?? null,
    minimumTermMonths: property?.minimumTermMonths ?? null,
    features: property?.features ?? [],
    // Sent back with every save, so saving the listing keeps the property's own viewing rules.
    viewingSettings: toViewingFormValues(property?.viewingSettings),
  };
}

const fieldNames = Object.keys(propertyInputSchema.shape) as FieldPath<FormValues>[];

/** The optional group: open when editing a listing that states any of them, or when one is wrong. */
const detailFields = [
  'description',
  'furnishing',
  'petsPolicy',
  'billsIncluded',
  'councilTaxBand',
  'epcRating',
  'deposit',
  'minimumTermMonths',
  'features',
] as const;

function hasDetails(property: PropertyDto | null): boolean {
  if (!property) return false;
  return (
    property.features.length > 0 ||
    detailFields.some((name) => name !== 'features' && property[name] !== null)
  );
}

const furnishingLabels: Record<(typeof FURNISHING_OPTIONS)[number], string> = {
  furnished: 'Furnished',
  'part-furnished': 'Part furnished',
  unfurnished: 'Unfurnished',
};
const petsLabels: Record<(typeof PETS_POLICIES)[number], string> = {
  allowed: 'Pets allowed',
  considered: 'Pets considered',
  'not-allowed': 'No pets',
};

/** A native select: the phone's own picker, with "Not stated" as the empty choice. */
function ChoiceSelect({
  options,
  ...props
}: ComponentProps<'select'> & { options: ReadonlyArray<{ value: string; label: string }> }) {
  return (
    <select className={inputClassName} {...props}>
      <option value="">Not stated</option>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}

type NumberFieldName = 'numberOfBedrooms' | 'deposit' | 'minimumTermMonths';

/** A labelled whole-number field of the form: empty while typing, the schema says what is missing. */
function NumberField({
  control,
  name,
  label,
  error,
  description,
  ...inputProps
}: {
  control: Control<FormValues, unknown, PropertyInput>;
  name: NumberFieldName;
  label: ReactNode;
  error: string | undefined;
  description?: ReactNode;
  min: number;
  max?: number;
  placeholder: string;
}) {
  return (
    <FormField label={label} error={error} description={description}>
      {(controlProps) => (
        <Controller
          control={control}
          name={name}
          render={({ field }) => (
            <NumberInput
              {...controlProps}
              {...inputProps}
              name={field.name}
              ref={field.ref}
              onBlur={field.onBlur}
              value={field.value}
              // The bedrooms box holds undefined when empty: the schema then names it as required.
              onValueChange={(value) =>
                field.onChange(name === 'numberOfBedrooms' ? (value ?? undefined) : value)
              }
            />
          )}
        />
      )}
    </FormField>
  );
}

/** A group of the form that folds away, with what it holds in a word beside its title. */
function FormSection({
  title,
  note,
  isOpen,
  onOpenChange,
  children,
}: {
  title: string;
  note: string;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  children: ReactNode;
}) {
  return (
    <details
      open={isOpen}
      onToggle={(event) => onOpenChange(event.currentTarget.open)}
      className="group rounded-md border border-border"
    >
      <summary className="flex cursor-pointer list-none items-center justify-between gap-2 rounded-md px-3 py-3 text-sm font-medium outline-none focus-visible:ring-2 focus-visible:ring-ring [&::-webkit-details-marker]:hidden">
        <span>
          {title} <span className="font-normal text-muted-foreground">({note})</span>
        </span>
        <ChevronDown
          aria-hidden="true"
          className="size-4 shrink-0 transition-transform group-open:rotate-180"
        />
      </summary>
      <div className="grid gap-4 border-t border-border p-3 sm:grid-cols-2">{children}</div>
    </details>
  );
}

/** What the Viewings group's title says about the property's settings. */
function viewingsNote(settings: ViewingSettings): string {
  if (settings.bookingOff) return 'booking off';
  return hasViewingOverrides(settings) ? 'its own rules' : "the agency's hours";
}

function PropertyForm({
  companyId,
  property,
  onDone,
}: {
  companyId: string;
  property: PropertyDto | null;
  onDone: () => void;
}) {
  const save = useSaveProperty(companyId);
  const toastFailure = useFailureToast();
  const queryClient = useQueryClient();
  const [savedPhotos, setSavedPhotos] = useState(property?.photos ?? []);
  const [pendingPhotos, setPendingPhotos] = useState<PendingPhoto[]>([]);
  const [isUploading, setIsUploading] = useState(false);
  const [isDetailsOpen, setIsDetailsOpen] = useState(() => hasDetails(property));
  const [isViewingsOpen, setIsViewingsOpen] = useState(() => hasViewingOverrides(property?.viewingSettings));
  const form = useForm<FormValues, unknown, PropertyInput>({
    // The bedrooms box may be empty while typing; the schema then reports it as missing.
    resolver: zodResolver(propertyInputSchema) as Resolver<FormValues, unknown, PropertyInput>,
    defaultValues: toFormValues(property),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { errors } = form.formState;
  const isBusy = save.isPending || isUploading;
  const hasDetailErrors = detailFields.some((name) => errors[name]);
  const limit = depositLimit(form.watch('propertyRentalPrice'));
  const viewingSettings = toViewingFormValues(form.watch('viewingSettings'));
  const otherFeatures = (form.watch('features') ?? []).filter(
    (feature) => !(COMMON_FEATURES as readonly string[]).includes(feature),
  );

  const handleSubmit = form.handleSubmit((input) => {
    save.mutate(
      { id: property?.id ?? null, input },
      {
        onSuccess: async (saved) => {
          if (pendingPhotos.length > 0) {
            setIsUploading(true);
            const failures = await uploadPhotos(saved.id, pendingPhotos);
            setIsUploading(false);
            await Promise.all([
              queryClient.invalidateQueries({ queryKey: queryKeys.properties(companyId) }),
              queryClient.invalidateQueries({ queryKey: queryKeys.dashboard(companyId) }),
            ]);
            if (failures.length > 0) {
              toast({
                title: property
                  ? 'Property updated, but some photos were not added'
                  : 'Property added, but some photos were not added',
                description: failures.join('. '),
                variant: 'destructive',
              });
              onDone();
              return;
            }
          }
          toast({ title: property ? 'Property updated' : 'Property added' });
          onDone();
        },
        onError: (error) => {
          // The server checks with the same schema; show its field messages where they belong.
          const fieldErrors =
            error instanceof ApiError
              ? (error.body as { errors?: Record<string, string> })?.errors
              : undefined;
          if (fieldErrors) {
            for (const name of fieldNames) {
              const message = fieldErrors[name];
              if (message) form.setError(name, { message });
            }
            if (detailFields.some((name) => fieldErrors[name])) setIsDetailsOpen(true);
            // The viewing rules' messages are keyed by their path (viewingSettings.windows.0.end).
            const viewingMessage = Object.entries(fieldErrors).find(([key]) =>
              key.startsWith('viewingSettings'),
            )?.[1];
            if (viewingMessage) {
              form.setError('viewingSettings', { message: viewingMessage });
              setIsViewingsOpen(true);
            }
          }
          toastFailure(error, property ? 'Failed to update property' : 'Failed to create property');
        },
      },
    );
  });

  return (
    <form onSubmit={handleSubmit} noValidate className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Property name" error={errors.propertyName?.message} className="sm:col-span-2">
          <Input placeholder="2 Bed Flat, Elm Road" autoComplete="off" {...form.register('propertyName')} />
        </FormField>
        <FormField label="Address" error={errors.propertyAddress?.message} className="sm:col-span-2">
          <Input
            placeholder="14 Elm Road, Leeds LS6 2AB"
            autoComplete="off"
            {...form.register('propertyAddress')}
          />
        </FormField>
        <FormField label="Rental price" error={errors.propertyRentalPrice?.message}>
          <Input placeholder="£1,200 pcm" autoComplete="off" {...form.register('propertyRentalPrice')} />
        </FormField>
        <NumberField
          control={form.control}
          name="numberOfBedrooms"
          label="Bedrooms"
          error={errors.numberOfBedrooms?.message}
          min={0}
          placeholder="2"
        />
        <FormField label="Parking space" error={errors.parkingSpace?.message}>
          <Input placeholder="One allocated space" autoComplete="off" {...form.register('parkingSpace')} />
        </FormField>
        <FormField
          label={
            <>
              Vacancy date <span className="font-normal text-muted-foreground">(dd/mm/yyyy)</span>
            </>
          }
          error={errors.vacancyDate?.message}
        >
          {(controlProps) => (
            <Controller
              control={form.control}
              name="vacancyDate"
              render={({ field }) => (
                <DateInput
                  {...controlProps}
                  name={field.name}
                  ref={field.ref}
                  onBlur={field.onBlur}
                  value={field.value ?? ''}
                  onChange={field.onChange}
                  calendarLabel="Choose vacancy date"
                />
              )}
            />
          )}
        </FormField>
        <FormField label="Landlord" error={errors.landlord?.message} className="sm:col-span-2">
          <Input placeholder="Name and phone number" autoComplete="off" {...form.register('landlord')} />
        </FormField>
      </div>
      <FormSection
        title="Details tenants ask about"
        note="optional"
        isOpen={isDetailsOpen || hasDetailErrors}
        onOpenChange={setIsDetailsOpen}
      >
        <p className="text-sm text-muted-foreground sm:col-span-2">
          The assistant answers from these. Anything left as not stated, it passes on to you.
        </p>
        <FormField label="Furnishing" error={errors.furnishing?.message}>
          <ChoiceSelect
            options={FURNISHING_OPTIONS.map((value) => ({ value, label: furnishingLabels[value] }))}
            {...form.register('furnishing')}
          />
        </FormField>
        <FormField label="Pets" error={errors.petsPolicy?.message}>
          <ChoiceSelect
            options={PETS_POLICIES.map((value) => ({ value, label: petsLabels[value] }))}
            {...form.register('petsPolicy')}
          />
        </FormField>
        <FormField label="Bills included" error={errors.billsIncluded?.message}>
          {(controlProps) => (
            <Controller
              control={form.control}
              name="billsIncluded"
              render={({ field }) => (
                <ChoiceSelect
                  {...controlProps}
                  name={field.name}
                  ref={field.ref}
                  onBlur={field.onBlur}
                  options={[
                    { value: 'yes', label: 'Yes' },
                    { value: 'no', label: 'No' },
                  ]}
                  value={field.value === true ? 'yes' : field.value === false ? 'no' : ''}
                  onChange={(event) =>
                    field.onChange(event.target.value === '' ? null : event.target.value === 'yes')
                  }
                />
              )}
            />
          )}
        </FormField>
        <FormField label="Council tax band" error={errors.councilTaxBand?.message}>
          <ChoiceSelect
            options={COUNCIL_TAX_BANDS.map((value) => ({ value, label: `Band ${value}` }))}
            {...form.register('councilTaxBand')}
          />
        </FormField>
        <FormField label="EPC rating" error={errors.epcRating?.message}>
          <ChoiceSelect
            options={EPC_RATINGS.map((value) => ({ value, label: value }))}
            {...form.register('epcRating')}
          />
        </FormField>
        <NumberField
          control={form.control}
          name="deposit"
          label={
            <>
              Deposit <span className="font-normal text-muted-foreground">(£)</span>
            </>
          }
          error={errors.deposit?.message}
          description={
            limit
              ? `Up to £${limit.maxDeposit.toLocaleString('en-GB')} (${limit.weeks} weeks' rent) under the Tenant Fees Act 2019`
              : 'Enter the rent as a price to see the most it can be'
          }
          min={0}
          placeholder="1,384"
        />
        <NumberField
          control={form.control}
          name="minimumTermMonths"
          label={
            <>
              Minimum term <span className="font-normal text-muted-foreground">(months)</span>
            </>
          }
          error={errors.minimumTermMonths?.message}
          min={1}
          max={120}
          placeholder="12"
        />
        <Controller
          control={form.control}
          name="features"
          render={({ field }) => {
            const features = field.value ?? [];
            const toggle = (feature: string, isOn: boolean) =>
              field.onChange(isOn ? [...features, feature] : features.filter((item) => item !== feature));
            return (
              <fieldset className="grid gap-2 sm:col-span-2">
                <legend className="mb-1 text-sm font-medium">Features</legend>
                <div className="grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-3">
                  {COMMON_FEATURES.map((feature) => (
                    <label key={feature} className="flex min-h-8 items-center gap-2 text-sm capitalize">
                      <input
                        type="checkbox"
                        className="size-4 accent-primary"
                        checked={features.includes(feature)}
                        onChange={(event) => toggle(feature, event.target.checked)}
                      />
                      {feature}
                    </label>
                  ))}
                </div>
                <FormField
                  label="Other features"
                  description="Separate them with commas, e.g. cellar, home office"
                  error={
                    errors.features?.message ??
                    (errors.features as { [index: number]: { message?: string } } | undefined)?.[0]?.message
                  }
                >
                  <Input
                    autoComplete="off"
                    placeholder="cellar, home office"
                    defaultValue={otherFeatures.join(', ')}
                    onBlur={field.onBlur}
                    onChange={(event) => {
                      const typed = event.target.value
                        .split(',')
                        .map((item) => item.trim())
                        .filter(Boolean);
                      const ticked = features.filter((item) =>
                        (COMMON_FEATURES as readonly string[]).includes(item),
                      );
                      field.onChange([...ticked, ...typed]);
                    }}
                  />
                </FormField>
              </fieldset>
            );
          }}
        />
        <FormField label="Description" error={errors.description?.message} className="sm:col-span-2">
          <Textarea
            rows={4}
            placeholder="The advert text: the assistant answers tenants' questions from it"
            {...form.register('description')}
          />
        </FormField>
      </FormSection>
      <FormSection
        title="Viewings"
        note={viewingsNote(viewingSettings)}
        isOpen={isViewingsOpen || Boolean(errors.viewingSettings)}
        onOpenChange={setIsViewingsOpen}
      >
        <div className="sm:col-span-2">
          <Controller
            control={form.control}
            name="viewingSettings"
            render={({ field }) => (
              <PropertyViewingsFields
                companyId={companyId}
                value={toViewingFormValues(field.value)}
                onChange={field.onChange}
                errors={errors.viewingSettings}
                vacancyDate={form.watch('vacancyDate')}
              />
            )}
          />
          {errors.viewingSettings?.message ? (
            <p className="mt-2 text-sm text-destructive" role="alert">
              {errors.viewingSettings.message}
            </p>
          ) : null}
        </div>
      </FormSection>
      <PhotoPicker
        propertyId={property?.id ?? null}
        saved={savedPhotos}
        onSavedChange={(photos) => {
          setSavedPhotos(photos);
          void queryClient.invalidateQueries({ queryKey: queryKeys.properties(companyId) });
        }}
        pending={pendingPhotos}
        onPendingChange={setPendingPhotos}
        disabled={isBusy}
      />
      <DialogFooter>
        <Button variant="outline" onClick={onDone} disabled={isBusy}>
          Cancel
        </Button>
        <Button type="submit" disabled={isBusy}>
          {isBusy ? <Spinner label={null} /> : null}
          {property ? 'Save changes' : 'Add Property'}
        </Button>
      </DialogFooter>
    </form>
  );
}
