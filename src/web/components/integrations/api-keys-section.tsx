import { zodResolver } from '@hookform/resolvers/zod';
import { BookOpenIcon, KeyRoundIcon } from 'lucide-react';
import { useState } from 'react';
import { formatDate, formatDateTime } from '#shared/format.ts';
import {
  type ApiKeyDto,
  type ApiKeyFormValues,
  apiKeyInputSchema,
  apiKeyScopes,
} from '#shared/schemas/integrations.ts';
import { QueryList, SettingsCard } from '#web/components/company/settings-card.tsx';
import { useFailureToast } from '#web/components/dashboard/dashboard-api.ts';
import { ConfirmButton } from '#web/components/ui/alert-dialog.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { toast } from '#web/lib/toast.ts';
import { CheckboxGroup } from './checkbox-group.tsx';
import { CreateFormFrame } from './create-form-frame.tsx';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from './integrations-api.ts';
import { type RevealedSecret, SecretRevealDialog } from './secret-reveal-dialog.tsx';
import { useCreateForm } from './use-create-form.ts';

const scopeLabels: Record<(typeof apiKeyScopes)[number], string> = {
  read: 'Read: leads, properties, viewings',
  write: 'Write: lead statuses, create and update properties',
};

/** API keys for the public API: named, scoped, shown once, revocable. */
export function ApiKeysSection({ companyId }: { companyId: string }) {
  const keys = useApiKeys(companyId);
  const [secret, setSecret] = useState<RevealedSecret | null>(null);
  return (
    <SettingsCard
      title="API keys"
      description={
        <>
          Your own systems read leads and keep listings in step through the LetLead API with a key.{' '}
          <a href="/api/docs" className="inline-flex items-center gap-1 font-medium text-primary underline">
            <BookOpenIcon className="size-4" aria-hidden="true" />
            API reference
          </a>
        </>
      }
      className="space-y-6"
    >
      <CreateKeyForm
        companyId={companyId}
        onCreated={(key) =>
          setSecret({
            title: 'API key created',
            description:
              'Send it with each request to the API, in the header Authorization: Bearer and the key.',
            value: key,
          })
        }
      />
      <QueryList
        query={keys}
        loadingLabel="Loading API keys"
        subject="your API keys"
        empty={{ when: (data) => data.length === 0, text: 'No API keys yet.' }}
      >
        {(data) => (
          <ul className="divide-y divide-border rounded-lg border border-border" aria-label="API keys">
            {data.map((key) => (
              <li key={key.id}>
                <KeyItem companyId={companyId} apiKey={key} />
              </li>
            ))}
          </ul>
        )}
      </QueryList>
      <SecretRevealDialog secret={secret} onClose={() => setSecret(null)} />
    </SettingsCard>
  );
}

function CreateKeyForm({ companyId, onCreated }: { companyId: string; onCreated: (key: string) => void }) {
  const create = useCreateApiKey(companyId);
  const { form, handleSubmit } = useCreateForm({
    resolver: zodResolver(apiKeyInputSchema),
    defaultValues: { name: '', scopes: ['read'] } satisfies ApiKeyFormValues,
    create,
    failureTitle: 'API key not created',
    onCreated: (created) => onCreated(created.key),
  });
  const { errors } = form.formState;
  return (
    <CreateFormFrame
      onSubmit={handleSubmit}
      isPending={create.isPending}
      icon={KeyRoundIcon}
      submitLabel="Create key"
    >
      <FormField label="Key name" error={errors.name?.message} description="Say what uses it, e.g. Zapier.">
        <Input autoComplete="off" {...form.register('name')} />
      </FormField>
      <CheckboxGroup
        legend="Scopes"
        options={apiKeyScopes.map((scope) => ({ value: scope, label: scopeLabels[scope] }))}
        registration={form.register('scopes')}
        error={errors.scopes && (errors.scopes.message ?? 'Choose at least one scope')}
        errorId="api-key-scopes-error"
      />
    </CreateFormFrame>
  );
}

function KeyItem({ companyId, apiKey }: { companyId: string; apiKey: ApiKeyDto }) {
  const revoke = useRevokeApiKey(companyId);
  const toastFailure = useFailureToast();
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 p-4">
      <div className="min-w-0 space-y-1">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-medium break-all">{apiKey.name}</span>
          {apiKey.scopes.map((scope) => (
            <Badge key={scope} variant="outline">
              {scope}
            </Badge>
          ))}
          {apiKey.revokedAt ? <Badge variant="danger">Revoked</Badge> : null}
        </p>
        <p className="text-sm text-muted-foreground">
          <code>{apiKey.start}…</code> · created {formatDate(apiKey.createdAt)} ·{' '}
          {apiKey.revokedAt
            ? `revoked ${formatDateTime(apiKey.revokedAt)}`
            : apiKey.lastUsedAt
              ? `last used ${formatDateTime(apiKey.lastUsedAt)}`
              : 'never used'}
        </p>
      </div>
      {apiKey.revokedAt ? null : (
        <ConfirmButton
          trigger={
            <Button variant="outline" className="text-destructive">
              Revoke
            </Button>
          }
          title={`Revoke “${apiKey.name}”?`}
          description="Anything using this key stops working at once. This cannot be undone."
          action="Revoke key"
          onConfirm={() =>
            revoke.mutate(apiKey.id, {
              onSuccess: () => toast({ title: 'API key revoked' }),
              onError: (error) => toastFailure(error, 'API key not revoked'),
            })
          }
        />
      )}
    </div>
  );
}
