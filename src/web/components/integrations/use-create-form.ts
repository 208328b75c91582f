import type { UseMutationResult } from '@tanstack/react-query';
import { type DefaultValues, type FieldValues, type Path, type Resolver, useForm } from 'react-hook-form';
import { validationModes } from '#web/components/auth/form-options.ts';
import { useFormFailure } from '#web/components/auth/server-errors.ts';

/**
 * A form that creates something (an endpoint, an API key): once `create` succeeds it starts
 * again from `defaultValues` and `onCreated` gets what was made, whose secret is shown once;
 * a refusal puts each message under its field, with a toast titled `failureTitle`.
 */
export function useCreateForm<Values extends FieldValues, Input, Created>({
  resolver,
  defaultValues,
  create,
  failureTitle,
  onCreated,
}: {
  resolver: Resolver<Values, unknown, Input>;
  defaultValues: Values;
  create: UseMutationResult<Created, Error, Input>;
  failureTitle: string;
  onCreated: (created: Created) => void;
}) {
  const form = useForm<Values, unknown, Input>({
    resolver,
    defaultValues: defaultValues as DefaultValues<Values>,
    ...validationModes,
  });
  const showFailure = useFormFailure(form, Object.keys(defaultValues) as Path<Values>[]);
  const handleSubmit = form.handleSubmit((input) => {
    create.mutate(input, {
      onSuccess: (created) => {
        form.reset(defaultValues);
        onCreated(created);
      },
      onError: (error) => {
        showFailure(error, failureTitle);
      },
    });
  });
  return { form, handleSubmit };
}
