// The form rows are shared with the account's forms; they live in components/form.
export * from '../../../components/form/fields';
