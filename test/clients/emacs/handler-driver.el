;;; handler-driver.el --- Drives Emacs + Eglot in a tool handler, in batch mode  -*- lexical-binding: t -*-
;; With the configuration in docs/editors.md loaded first (-l config.el): opens tools/write-length-report.js of a
;; copy of examples/word-count whose manifest does not declare permissions.fs.write, waits for the handler's own
;; Flymake diagnostic, applies its quick fix through `eglot-code-actions' (an edit of manifest.json, which is not
;; open: Eglot asks first), saves with C-x s and waits for the diagnostic to go. Then it opens the same module where
;; no manifest names it, beside the manifest and outside any plugin folder. Everything seen goes to $FILER_RESULTS
;; as JSON, which test/clients/emacs.test.ts asserts on; this script decides nothing.
(load (expand-file-name "helpers.el" (file-name-directory load-file-name)) nil t)

(setq filer-code-action "Declare `permissions.fs.write`")
(defconst filer-code "handlers.undeclared-permission")

(defun filer-finding ()
  "The Flymake diagnostic of `filer-code' in the buffer, nil when there is none."
  (cl-find filer-code (flymake-diagnostics) :key #'filer-diagnostic-code :test #'equal))

(defun filer-server-seen ()
  "The server that manages the buffer, as the test reads it: its name, its modes, its project's folder."
  (let ((server (eglot-current-server)))
    (and server
         (list (cons 'name (plist-get (eglot--server-info server) :name))
               (cons 'modes (vconcat (mapcar #'symbol-name (eglot--major-modes server))))
               (cons 'folder (file-name-as-directory (expand-file-name (project-root (eglot--project server)))))))))

(defvar filer-handler nil)

(filer-step "open the handler"
  (find-file (filer-file "tools/write-length-report.js"))
  (setq filer-handler (current-buffer))
  (filer-set 'mode (symbol-name major-mode))
  (filer-connect)
  (filer-set 'server (filer-server-seen))
  (flymake-start)
  (filer-wait #'filer-finding)
  (filer-set 'opened (vconcat (filer-diagnostics))))

(filer-step "hover on an argument"
  (filer-goto "{ documentPath, report")
  (filer-set 'hover (filer-hover)))

(filer-step "the quick fix, then C-x s"
  (let ((finding (filer-finding)))
    (unless finding (error "No %s in the handler buffer" filer-code))
    (filer-code-actions (flymake-diagnostic-beg finding) (flymake-diagnostic-end finding)))
  (let ((manifest (find-buffer-visiting (filer-file "manifest.json"))))
    (filer-set 'manifestBufferModified (and manifest (buffer-modified-p manifest) t))
    (filer-set 'manifestServer (and manifest (with-current-buffer manifest (filer-server-seen)))))
  ;; The manifest's buffer is edited, not yet saved: the server reads it as the editor has it, once Eglot has sent
  ;; the edit (after a pause).
  (filer-idle)
  (filer-wait (lambda () (not (filer-finding))))
  (filer-set 'beforeSave (vconcat (filer-diagnostics)))
  (save-some-buffers t)
  (filer-set 'manifestAfterFix (filer-read "manifest.json"))
  ;; A list cleared while the next one is on its way would look the same: what the buffer shows a while later counts.
  (filer-settle 2)
  (filer-set 'afterFix (vconcat (filer-diagnostics))))

(defun filer-elsewhere (file)
  "What FILE, the handler's text where no manifest names it, gets: its mode, its server, diagnostics, a hover."
  (find-file (filer-file file))
  (let ((seen (list (cons 'mode (symbol-name major-mode)))))
    (when (derived-mode-p 'filer-js-mode)
      (filer-connect)
      (flymake-start)
      (filer-goto "{ documentPath, report")
      (push (cons 'hover (filer-hover)) seen)
      (filer-settle 1)
      (push (cons 'diagnostics (vconcat (filer-diagnostics))) seen))
    (push (cons 'server (filer-server-seen)) seen)
    ;; The server eglot-ensure would start for this buffer.
    (push (cons 'contact (vconcat (cl-remove-if-not #'stringp (nth 3 (eglot--guess-contact))))) seen)
    seen))

(filer-step "the module beside the manifest, which does not name it"
  (filer-set 'besideManifest (filer-elsewhere "lib/report-copy.js")))

(filer-step "the module outside any plugin folder"
  (filer-set 'outsidePlugin (filer-elsewhere "../elsewhere/report.js")))

(filer-step "the handler in a plugin folder under version control"
  (find-file (filer-file "../versioned/plugin/tools/write-length-report.js"))
  (filer-connect)
  (flymake-start)
  (filer-wait #'filer-finding)
  (filer-set 'versioned (list (cons 'mode (symbol-name major-mode))
                              (cons 'server (filer-server-seen))
                              (cons 'diagnostics (vconcat (filer-diagnostics))))))

;; Hostile folders: a manifest.json that is a FIFO, or a link to /dev/zero, decides the mode and the project as any
;; other; neither Emacs nor the server reads it.
(filer-step "a module below a manifest.json that is a FIFO"
  (filer-set 'belowFifo (filer-elsewhere "../fifo/tools/report.js")))

(filer-step "a module below a manifest.json that links to /dev/zero"
  (filer-set 'belowDevZero (filer-elsewhere "../zero/tools/report.js")))

(set-buffer filer-handler)
(filer-finish)
