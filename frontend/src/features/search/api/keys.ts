/** Query-key factories of the search feature (under the same ['searches'] prefix as the results it creates). */
export const searchKeys = {
  all: ['searches'] as const,
  limits: () => [...searchKeys.all, 'limits'] as const,
};
