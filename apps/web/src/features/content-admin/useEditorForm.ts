import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type FieldValues, type Resolver } from 'react-hook-form';
import type { z } from 'zod';

interface SaveMutation<T> {
  mutateAsync: (input: T) => Promise<unknown>;
  isPending: boolean;
}

/**
 * One editor's form on the domain's schema, starting from what is stored, and the wiring its
 * EditorShell needs (dirty, reset to stored, check before preview, save what the schema makes of it).
 */
export function useEditorForm<T extends FieldValues>(schema: z.ZodType<T, T>, stored: T, save: SaveMutation<T>) {
  const form = useForm<T>({ resolver: zodResolver(schema) as unknown as Resolver<T>, values: stored, resetOptions: { keepDirtyValues: false } });
  const shell = {
    dirty: form.formState.isDirty,
    reset: () => form.reset(stored),
    check: () => form.trigger(),
    saving: save.isPending,
    save: () => save.mutateAsync(schema.parse(form.getValues())),
  };
  return { form, shell };
}
