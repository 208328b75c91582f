import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, type FieldPath, type Resolver, useForm } from 'react-hook-form';
import {
  type PropertyDto,
  type PropertyFormValues,
  type PropertyInput,
  propertyInputSchema,
} from '#shared/schemas/properties.ts';
import { Button } from '#web/components/ui/button.tsx';
import { DateInput } from '#web/components/ui/date-input.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#web/components/ui/dialog.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { ApiError } from '#web/lib/api.ts';
import { toast } from '#web/lib/toast.ts';
import { useFailureToast, useSaveProperty } from './dashboard-api.ts';

type PropertyFormDialogProps = {
  companyId: string;
  /** Open to add (`{ property: null }`) or edit (`{ property }`); null when closed. */
  state: { property: PropertyDto | null } | null;
  onClose: () => void;
};

export function PropertyFormDialog({ companyId, state, onClose }: PropertyFormDialogProps) {
  const property = state?.property ?? null;
  return (
    <Dialog
      open={state !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{property ? 'Edit Property' : 'Add Property'}</DialogTitle>
          <DialogDescription>
            {property
              ? 'Change the listing. Its AI agent link stays the same, so links you have shared keep working.'
              : 'Add a listing to get its own AI agent link. The agent answers tenants from these details.'}
          </DialogDescription>
        </DialogHeader>
        {state ? (
          <PropertyForm
            key={property?.id ?? 'new'}
            companyId={companyId}
            property={property}
            onDone={onClose}
          />
        ) : null}
      </DialogContent>
    </Dialog>
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
  };
}

const fieldNames = Object.keys(propertyInputSchema.shape) as FieldPath<FormValues>[];

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
  const form = useForm<FormValues, unknown, PropertyInput>({
    // The bedrooms box may be empty while typing; the schema then reports it as missing.
    resolver: zodResolver(propertyInputSchema) as Resolver<FormValues, unknown, PropertyInput>,
    defaultValues: toFormValues(property),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { errors } = form.formState;

  const handleSubmit = form.handleSubmit((input) => {
    save.mutate(
      { id: property?.id ?? null, input },
      {
        onSuccess: () => {
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
        <FormField label="Bedrooms" error={errors.numberOfBedrooms?.message}>
          {(controlProps) => (
            <Controller
              control={form.control}
              name="numberOfBedrooms"
              render={({ field }) => (
                <Input
                  {...controlProps}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  step={1}
                  placeholder="2"
                  name={field.name}
                  ref={field.ref}
                  onBlur={field.onBlur}
                  value={field.value ?? ''}
                  onChange={(event) => {
                    // Anything that is not a number becomes empty.
                    const number = event.target.valueAsNumber;
                    field.onChange(Number.isNaN(number) ? undefined : number);
                  }}
                />
              )}
            />
          )}
        </FormField>
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
      <DialogFooter>
        <Button variant="outline" onClick={onDone} disabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? <Spinner label={null} /> : null}
          {property ? 'Save changes' : 'Add Property'}
        </Button>
      </DialogFooter>
    </form>
  );
}
