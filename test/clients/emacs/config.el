;; Emacs 28 and Eglot 1.9 (init.el). Emacs 28 opens .json files in js-mode, which JavaScript servers want:
;; JSON files get a mode of their own, for which Eglot starts this server.
(require 'eglot)
(define-derived-mode filer-json-mode js-mode "JSON")
(add-to-list 'auto-mode-alist '("\\.json\\'" . filer-json-mode))
;; Handlers. Eglot 1.9 gives a buffer one server, chosen by its major mode: JavaScript files with a manifest.json
;; in a folder above get a mode of their own, and this server instead of typescript-language-server.
(define-derived-mode filer-js-mode js-mode "JS/Filer")
(defun filer-plugin-script-p ()
  (and buffer-file-name
       (string-match-p "\\.[cm]?js\\'" buffer-file-name)
       (locate-dominating-file buffer-file-name "manifest.json")
       t))
(add-to-list 'magic-mode-alist '(filer-plugin-script-p . filer-js-mode))
;; One server for a plugin folder's manifest and handlers. Outside version control, Eglot's project would be each
;; file's own folder: there, it is the nearest manifest.json's folder.
(defun filer-plugin-folder (dir)
  (let ((root (and eglot-lsp-context
                   (memq major-mode '(filer-json-mode json-mode filer-js-mode))
                   (locate-dominating-file dir "manifest.json"))))
    (and root (cons 'transient root))))
(add-hook 'project-find-functions #'filer-plugin-folder t)
(add-to-list 'eglot-server-programs
             '(((filer-json-mode :language-id "json") (json-mode :language-id "json")
                (filer-js-mode :language-id "javascript"))
               . ("filer-manifest-language-server" "--stdio"
                  ;; Settings: the keys of VS Code's filerManifest.* settings.
                  :initializationOptions
                  (:settings (:filerManifest (:rules (:hooks.unknown-event "off")))))))
;; The server asks for them too (workspace/configuration): give the same.
(setq-default eglot-workspace-configuration
              '(:filerManifest (:rules (:hooks.unknown-event "off"))))
(add-hook 'filer-json-mode-hook #'eglot-ensure)
(add-hook 'filer-js-mode-hook #'eglot-ensure)
