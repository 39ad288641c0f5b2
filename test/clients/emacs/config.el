;; Emacs 28 and Eglot 1.9 (init.el). Emacs 28 opens .json files in js-mode, which JavaScript servers want:
;; JSON files get a mode of their own, for which Eglot starts this server.
(require 'eglot)
(define-derived-mode filer-json-mode js-mode "JSON")
(add-to-list 'auto-mode-alist '("\\.json\\'" . filer-json-mode))
(add-to-list 'eglot-server-programs
             '(((filer-json-mode :language-id "json") (json-mode :language-id "json"))
               . ("filer-manifest-language-server" "--stdio"
                  ;; Settings: the keys of VS Code's filerManifest.* settings.
                  :initializationOptions
                  (:settings (:filerManifest (:rules (:hooks.unknown-event "off")))))))
;; The server asks for them too (workspace/configuration): give the same.
(setq-default eglot-workspace-configuration
              '(:filerManifest (:rules (:hooks.unknown-event "off"))))
(add-hook 'filer-json-mode-hook #'eglot-ensure)
