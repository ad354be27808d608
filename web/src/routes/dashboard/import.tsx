import { PageTitle } from '../../components/PageTitle';
import { CatalogueImportForm } from '../../features/catalogue-import/components/CatalogueImportForm';
import { ExportCatalogueButton } from '../../features/catalogue-import/components/ExportCatalogueButton';

export function Component() {
  return (
    <>
      <PageTitle title="Import catalogue" />
      <h2 className="h4 mb-3">Import catalogue</h2>
      <section aria-labelledby="export-heading" className="mb-4">
        <h3 id="export-heading" className="h6">
          Start from the catalogue as it is
        </h3>
        <ExportCatalogueButton />
      </section>
      <CatalogueImportForm />
    </>
  );
}
