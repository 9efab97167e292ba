package org.bgml.ui.wizards;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

import org.bgml.ide.core.markers.ModelNature;
import org.bgml.ui.BgmlUi;
import org.eclipse.core.resources.IFile;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.jface.wizard.Wizard;
import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Combo;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.eclipse.ui.INewWizard;
import org.eclipse.ui.IWorkbench;
import org.eclipse.ui.PartInitException;
import org.eclipse.ui.dialogs.WizardNewFileCreationPage;
import org.eclipse.ui.ide.IDE;

/** File &gt; New &gt; BGML Model: an empty model or a copy of an example, in a project that then validates its models. */
public final class NewModelWizard extends Wizard implements INewWizard {
    private IWorkbench workbench;
    private IStructuredSelection selection;
    private Page page;
    private IFile created;

    @Override
    public void init(IWorkbench workbench, IStructuredSelection selection) {
        this.workbench = workbench;
        this.selection = selection;
        setWindowTitle("New BGML Model");
        setNeedsProgressMonitor(true);
    }

    @Override
    public void addPages() {
        page = new Page(selection);
        addPage(page);
    }

    /** The page, for driving the wizard from code: set the container, the file name and the starting point. */
    public Page page() {
        return page;
    }

    /** The file the wizard made, once finished. */
    public IFile created() {
        return created;
    }

    @Override
    public boolean performFinish() {
        IFile file = page.createNewFile();
        if (file == null) {
            return false;
        }
        created = file;
        try {
            ModelNature.addTo(file.getProject(), null);
        } catch (CoreException e) {
            BgmlUi.log(e.getStatus());
        }
        if (workbench != null && workbench.getActiveWorkbenchWindow() != null) {
            try {
                IDE.openEditor(workbench.getActiveWorkbenchWindow().getActivePage(), file, BgmlUi.EDITOR);
            } catch (PartInitException e) {
                BgmlUi.log(e.getStatus());
            }
        }
        return true;
    }

    /** The platform's new-file page (project, folder, name) plus "Start from". */
    public static final class Page extends WizardNewFileCreationPage {
        private Combo template;
        private String choice = ModelTemplates.EMPTY;

        Page(IStructuredSelection selection) {
            super("model", selection == null ? org.eclipse.jface.viewers.StructuredSelection.EMPTY : selection);
            setTitle("BGML Model");
            setDescription("Create a benchmark model: empty, or a copy of one of the examples.");
            setFileExtension("bgml");
            setFileName("benchmark.bgml");
        }

        @Override
        protected void createAdvancedControls(Composite parent) {
            Composite c = new Composite(parent, SWT.NONE);
            c.setLayout(new GridLayout(2, false));
            c.setLayoutData(new GridData(SWT.FILL, SWT.TOP, true, false));
            new Label(c, SWT.NONE).setText("Start from:");
            template = new Combo(c, SWT.READ_ONLY | SWT.DROP_DOWN);
            template.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
            ModelTemplates.choices().forEach(template::add);
            template.select(0);
            template.addListener(SWT.Selection, e -> choice = template.getText());
        }

        @Override
        protected IStatus validateLinkedResource() {
            return Status.OK_STATUS;
        }

        @Override
        protected void createLinkTarget() {
        }

        /** Chooses the starting point by its label ("Empty model" or an example file name). */
        public void setTemplate(String label) {
            choice = label;
            if (template != null && !template.isDisposed()) {
                template.setText(label);
            }
        }

        @Override
        protected InputStream getInitialContents() {
            try {
                return new ByteArrayInputStream(ModelTemplates.contents(choice, getFileName()).getBytes(StandardCharsets.UTF_8));
            } catch (IOException e) {
                setErrorMessage(e.getMessage());
                return null;
            }
        }
    }
}
