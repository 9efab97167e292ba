package org.bgml.ui.wizards;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

import org.bgml.ide.core.markers.ModelNature;
import org.bgml.ui.BgmlUi;
import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IPath;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.jface.wizard.IWizardPage;
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

/**
 * File &gt; New &gt; BGML Model: an empty model, a pattern with its parameters (the second page), or a copy of an
 * example, in a project that then validates its models.
 */
public final class NewModelWizard extends Wizard implements INewWizard {
    private IWorkbench workbench;
    private IStructuredSelection selection;
    private Page page;
    private PatternPage patternPage;
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
        patternPage = new PatternPage();
        page = new Page(selection, patternPage);
        addPage(page);
        addPage(patternPage);
    }

    /** The pattern page comes after the first only when the model starts from a pattern. */
    @Override
    public IWizardPage getNextPage(IWizardPage current) {
        if (current == page) {
            patternPage.setFolder(page.folder());
            return patternPage.wanted() ? patternPage : null;
        }
        return null;
    }

    /** The pattern page, for driving the wizard from code. */
    public PatternPage patternPage() {
        return patternPage;
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
        if (patternPage.wanted()) {
            try {
                patternPage.contents(page.file()); // refused here, before an empty file is made
            } catch (IOException e) {
                patternPage.setErrorMessage(e.getMessage());
                return false;
            }
        }
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
        private final PatternPage patterns;

        Page(IStructuredSelection selection, PatternPage patterns) {
            super("model", selection == null ? org.eclipse.jface.viewers.StructuredSelection.EMPTY : selection);
            this.patterns = patterns;
            setTitle("BGML Model");
            setDescription("Create a benchmark model: empty, from a pattern, or a copy of one of the examples.");
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
            template.addListener(SWT.Selection, e -> choose(template.getText()));
        }

        private void choose(String label) {
            choice = label;
            patterns.setWanted(ModelTemplates.PATTERN.equals(label));
            if (getContainer() != null && getContainer().getCurrentPage() != null) {
                getContainer().updateButtons();
            }
        }

        /** The folder the new file goes into, on disk; null when the container does not exist yet. */
        Path folder() {
            IPath container = getContainerFullPath();
            if (container == null) {
                return null;
            }
            IResource r = ResourcesPlugin.getWorkspace().getRoot().findMember(container);
            IPath location = r == null ? null : r.getLocation();
            return location == null ? null : location.toFile().toPath();
        }

        /** The new file on disk: the container's location and the file name. */
        Path file() {
            Path folder = folder();
            if (folder != null) {
                return folder.resolve(getFileName());
            }
            IPath container = getContainerFullPath(); // a folder the page will create: under the workspace's location
            IPath location = ResourcesPlugin.getWorkspace().getRoot().getLocation();
            return (container == null ? location : location.append(container)).append(getFileName()).toFile().toPath();
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
            if (template != null && !template.isDisposed()) {
                template.setText(label);
            }
            choose(label);
        }

        @Override
        protected InputStream getInitialContents() {
            try {
                if (ModelTemplates.PATTERN.equals(choice)) {
                    patterns.setFolder(folder());
                    return new ByteArrayInputStream(patterns.contents(file()));
                }
                return new ByteArrayInputStream(ModelTemplates.contents(choice, getFileName()).getBytes(StandardCharsets.UTF_8));
            } catch (IOException e) {
                setErrorMessage(e.getMessage());
                return null;
            }
        }
    }
}
